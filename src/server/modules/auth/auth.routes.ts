import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Value } from 'typebox/value';
import { authRoutes, PerformerRegisterFields } from '../../../common/contract/auth';
import { addRoute } from '../../lib/route';
import { badRequest } from '../../lib/http-error';
import { describeValidation } from '../../plugins/errors';
import { readMultipartForm, requireFiles, toValidationIssues, trimMarkedFields } from '../../media/multipart-form';
import { createAuthService, type ClientMeta } from './auth.service';
import { createSocialService } from './social.service';
import { createEmailChangeService } from './email-change';

/** The device and address a new session is shown with (`GET /auth/sessions`). */
export const meta = (request: FastifyRequest): ClientMeta => ({
  userAgent: request.headers['user-agent']?.slice(0, 500),
  ip: request.ip,
});

/** Sign-up, sign-in, sign-out, passwords, email verification and social sign-in. */
export default async function authModule(app: FastifyInstance) {
  const auth = createAuthService(app);
  const social = createSocialService(app);
  const emailChange = createEmailChangeService(app);
  // The strict limit of the security plugin: these routes are what password guessers call.
  const limited = <T extends object>(def: T) => ({ ...def, rateLimit: 'auth' as const });

  // reCAPTCHA (when on): a sign-in for an account that failed three times in a row needs a token.
  addRoute(app, limited(authRoutes.login), async (request) => ({
    data: await auth.login(request.body, meta(request), () => app.recaptcha.requireHuman(request)),
  }));

  addRoute(app, authRoutes.logout, async (request) => {
    await auth.logout(request.sessionId!);
    return { data: { success: true } };
  });

  addRoute(app, limited(authRoutes.registerUser), async (request) => {
    await app.recaptcha.requireHuman(request);
    return { data: await auth.registerUser(request.body, meta(request)) };
  });

  addRoute(app, limited(authRoutes.registerPerformer), async (request) => {
    // Before the upload is read: a robot's documents are never stored.
    await app.recaptcha.requireHuman(request);
    const form = await readMultipartForm(request, ['idDocument', 'selfie']);
    // Multipart fields are strings: the consent checkboxes arrive as 'true' (or 'false').
    for (const key of ['ageConfirmed', 'termsAccepted'] as const) {
      const value = form.fields[key];
      if (value === 'true' || value === 'false') (form.fields as Record<string, unknown>)[key] = value === 'true';
    }
    trimMarkedFields(PerformerRegisterFields, form.fields);
    const details = [
      ...describeValidation(toValidationIssues(Value.Errors(PerformerRegisterFields, form.fields))),
      ...requireFiles(form, ['idDocument', 'selfie']),
    ];
    if (details.length) throw badRequest(details.map((d) => d.message).join('; '), details);
    const fields = form.fields as unknown as PerformerRegisterFields;
    const files = { idDocument: form.files.idDocument, selfie: form.files.selfie };
    return { data: await auth.registerPerformer(fields, files, meta(request)) };
  });

  // Strict limit: a stolen token must not be able to guess the current password quickly.
  addRoute(app, limited(authRoutes.changePassword), async (request) => {
    await auth.changePassword(request.user!, request.sessionId!, request.body);
    return { data: { success: true } };
  });

  // Email change links (email-change.ts): the token in the link is the proof, no session is used.
  addRoute(app, limited(authRoutes.confirmEmailChange), async (request) => ({ data: await emailChange.confirm(request.body.token) }));
  addRoute(app, limited(authRoutes.undoEmailChange), async (request) => ({ data: await emailChange.undo(request.body.token) }));

  addRoute(app, limited(authRoutes.forgotPassword), async (request) => {
    await app.recaptcha.requireHuman(request);
    return { data: await auth.forgotPassword(request.body.email) };
  });
  addRoute(app, limited(authRoutes.resetPassword), async (request) => ({
    data: await auth.resetPassword(request.body.token, request.body.password),
  }));
  addRoute(app, limited(authRoutes.resendVerification), async (request) => ({
    data: await auth.resendVerification(request.body.email),
  }));
  addRoute(app, limited(authRoutes.verifyEmail), async (request) => ({ data: await auth.verifyEmail(request.body.token) }));

  addRoute(app, authRoutes.providers, async () => ({ data: social.providers() }));
  addRoute(app, limited(authRoutes.googleLogin), async (request) => ({ data: await social.googleLogin(request.body, meta(request)) }));
  addRoute(app, limited(authRoutes.googleToken), async (request) => ({ data: await social.googleCode(request.body, meta(request)) }));
  addRoute(app, limited(authRoutes.twitterLogin), async (request) => ({ data: await social.twitterStart(request.body) }));
  addRoute(app, limited(authRoutes.twitterCallback), async (request) => ({
    data: await social.twitterFinish(request.body, meta(request)),
  }));
}
