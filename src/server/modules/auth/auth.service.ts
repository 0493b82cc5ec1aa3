import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import type { LoginBody, PerformerRegisterFields, RegisterBody, TokenResult } from '../../../common/contract/auth';
import { badRequest, forbidden, HttpError, unauthorized, unprocessable, type FieldProblem } from '../../lib/http-error';
import { assertImage, encodePhoto, type EncodedImage } from '../../media/images';
import type { UploadedFile } from '../../media/multipart-form';
import { PRIVATE_PREFIX } from '../../storage/storage';
import { performersRepository } from '../performers/performers.repository';
import { admitSuspended } from '../users/account-status.service';
import { signUpConsent } from '../users/consent';
import { usersRepository, type NewUser } from '../users/users.repository';
import { assertAvailable, assertUsernameAllowed, withUniqueFields } from '../users/unique-fields';
import { createAccountMail } from './account-mail';
import { consumeLinkToken, createLinkToken } from './link-tokens';
import * as loginThrottle from './login-throttle';
import { RECAPTCHA_AFTER_FAILURES } from '../../../common/contract/recaptcha';
import { acceptPassword, checkPassword, hashPassword } from './password';
import { sessionRepository } from './session.repository';
import { closeSessionSockets } from './sessions.service';
import { assertReauthenticated, type ReauthProof } from './reauth';
import type { AuthUser } from './token.service';

export type AuthDeps = Pick<FastifyInstance, 'db' | 'config' | 'tokens' | 'mailer' | 'storage' | 'log' | 'settings' | 'background' | 'io'>;
export interface ClientMeta {
  userAgent?: string;
  ip?: string;
}

export const MESSAGES = {
  registered: 'Your account has been created. We have sent you a link to verify your email address.',
  checkEmail: 'Please check your email to verify your address',
  signedIn: 'Signed in successfully',
  badCredentials: 'Incorrect username or password',
  inactive: 'This account has been deactivated. Please contact support.',
  verifyFirst: 'Please verify your email address before signing in. We have sent you a new link.',
  forgot: 'If an account exists for this address, we have sent a link to reset the password',
  resent: 'If an account with this address still needs verifying, we have sent a new link',
  reset: 'Your password has been changed. Please sign in with your new password.',
  verified: 'Your email address has been verified',
  twoFactorRequired: 'Enter the 6-digit code from your authenticator app',
  underage: 'You must be at least 18 years old',
} as const;

/** True when someone born on `dateOfBirth` (YYYY-MM-DD) has had their 18th birthday by `now` (UTC). */
export function isAdult(dateOfBirth: string, now = new Date()): boolean {
  const [y, m, d] = dateOfBirth.split('-').map(Number);
  return Date.UTC(y + 18, m - 1, d) <= now.getTime();
}

/** A sign-in answer (password or social) for an account with two-factor sign-in on. */
export async function twoFactorChallenge(tokens: AuthDeps['tokens'], userId: string, remember: boolean): Promise<TokenResult> {
  const challenge = await tokens.issueChallenge(userId, remember);
  return { token: null, message: MESSAGES.twoFactorRequired, twoFactorRequired: true, challenge };
}

export type DocumentField = 'idDocument' | 'selfie';
const DOCUMENT_FOLDERS: Record<DocumentField, string> = { idDocument: 'id-documents', selfie: 'selfies' };

export interface PreparedDocument {
  field: DocumentField;
  /** A fresh key under `private/`: identity images never get a public URL. */
  key: string;
  image: EncodedImage;
}

/**
 * Identity images (registration and `POST /performers/documents/upload`), re-encoded so no EXIF
 * or GPS survives. Every given file is checked first, so the form shows every bad file at once.
 */
export async function prepareDocuments(files: Partial<Record<DocumentField, UploadedFile>>): Promise<PreparedDocument[]> {
  const fields = (Object.keys(DOCUMENT_FOLDERS) as DocumentField[]).filter((f) => files[f]);
  const results = await Promise.allSettled(fields.map((f) => assertImage(files[f]!.buffer, f)));
  const details: FieldProblem[] = results.flatMap((r) =>
    r.status === 'rejected' && r.reason instanceof HttpError ? r.reason.details ?? [] : [],
  );
  if (details.length) throw badRequest(details.map((d) => d.message).join('; '), details);
  return Promise.all(
    fields.map(async (field) => {
      const image = await encodePhoto(files[field]!.buffer, field);
      return { field, image, key: `${PRIVATE_PREFIX}${DOCUMENT_FOLDERS[field]}/${crypto.randomUUID()}.${image.ext}` };
    }),
  );
}

export function createAuthService(deps: AuthDeps) {
  const { db, config, tokens, storage } = deps;
  const mail = createAccountMail(deps);

  /** Writes the account (and whatever `extra` adds) in one transaction, then sends the verification mail. */
  async function createAccount(
    values: NewUser & { email: string; username: string },
    meta: ClientMeta,
    extra?: (tx: Executor, userId: string) => Promise<void>,
  ): Promise<TokenResult> {
    // Read before the transaction: on PGlite a query outside it would wait for it to finish.
    const requireVerification = await deps.settings.get('requireEmailVerification');
    const { user, linkToken, token } = await withUniqueFields(() =>
      db.transaction(async (tx) => {
        await assertAvailable(tx, values);
        const user = await usersRepository.insert(tx, values);
        if (extra) await extra(tx, user.id);
        const linkToken = await createLinkToken(tx, user.id, 'verify-email');
        const token = requireVerification ? null : (await tokens.issue(user.id, false, meta, tx)).token;
        return { user, linkToken, token };
      }),
    );
    await mail.verification(user, linkToken);
    return token ? { token, message: MESSAGES.registered } : { token: null, message: MESSAGES.checkEmail };
  }

  return {
    async registerUser(body: RegisterBody, meta: ClientMeta): Promise<TokenResult> {
      // assertAvailable checks again inside the transaction; this only spares the password hashing.
      assertUsernameAllowed(body.username);
      const passwordHash = await hashPassword(acceptPassword(config.clientHashPassword, body.password));
      return createAccount(
        {
          role: 'user', name: body.name.trim(), username: body.username.toLowerCase(), email: body.email.toLowerCase(), passwordHash,
          ...signUpConsent(),
        },
        meta,
      );
    },

    async registerPerformer(
      fields: PerformerRegisterFields,
      files: Record<'idDocument' | 'selfie', UploadedFile>,
      meta: ClientMeta,
    ): Promise<TokenResult> {
      const password = acceptPassword(config.clientHashPassword, fields.password);
      assertUsernameAllowed(fields.username);
      const documents = await prepareDocuments(files);
      if (!isAdult(fields.dateOfBirth)) {
        throw unprocessable(MESSAGES.underage, [{ field: 'dateOfBirth', message: MESSAGES.underage }]);
      }
      const passwordHash = await hashPassword(password);
      const pathOf = (field: DocumentField) => documents.find((d) => d.field === field)!.key;
      try {
        return await createAccount(
          {
            role: 'performer',
            name: fields.name.trim(),
            username: fields.username.toLowerCase(),
            email: fields.email.toLowerCase(),
            passwordHash,
            ...signUpConsent(),
          },
          meta,
          async (tx, userId) => {
            await performersRepository.insert(tx, {
              userId,
              gender: fields.gender,
              country: fields.country.toUpperCase(),
              dateOfBirth: fields.dateOfBirth,
              idDocumentPath: pathOf('idDocument'),
              selfiePath: pathOf('selfie'),
              // Both documents come with the form: the creator waits in the operators' queue.
              verificationStatus: 'pending',
              verificationSubmittedAt: new Date(),
            });
            // Inside the transaction: if storing a file fails, the account is rolled back with it.
            for (const d of documents) await storage.put(d.key, d.image.buffer, d.image.contentType);
          },
        );
      } catch (err) {
        // The rows are gone; files stored before the failure must not linger without an owner.
        await Promise.all(documents.map((d) => storage.delete(d.key).catch(() => undefined)));
        throw err;
      }
    },

    /** `requireHuman` runs (reCAPTCHA) before the password is checked for an account with RECAPTCHA_AFTER_FAILURES failures in a row. */
    async login(body: LoginBody, meta: ClientMeta, requireHuman?: () => Promise<void>): Promise<TokenResult> {
      const identifier = (body.username ?? body.email ?? '').trim().toLowerCase();
      if (!identifier) {
        throw badRequest('Enter your email or username', [{ field: 'username', message: 'username or email is required' }]);
      }
      const password = acceptPassword(config.clientHashPassword, body.password);
      const user = await usersRepository.findByLogin(db, identifier);
      if (user && requireHuman && (await loginThrottle.failuresOf(db, user.id)) >= RECAPTCHA_AFTER_FAILURES) await requireHuman();
      // Per-account throttle (429 + Retry-After when locked or too fast); counts this try as failed until cleared.
      if (user) await loginThrottle.beginAttempt(db, user.id);
      const ok = await checkPassword(user?.passwordHash ?? null, password);
      // One message for unknown user and wrong password, so the form cannot test which accounts exist.
      if (!user || !ok) throw unauthorized(MESSAGES.badCredentials);
      // With 2FA on, only the right code clears the count (POST /auth/2fa/verify), or password + wrong codes could repeat forever.
      if (!user.twoFactorEnabledAt) await loginThrottle.clear(db, user.id);
      // A suspension says so (403 with its reason and end); one whose end has passed is lifted now.
      const account = await admitSuspended(db, user);
      if (account.status !== 'active') throw forbidden(MESSAGES.inactive);
      if (!user.emailVerified && (await deps.settings.get('requireEmailVerification'))) {
        await mail.verification(user, await createLinkToken(db, user.id, 'verify-email'));
        throw forbidden(MESSAGES.verifyFirst);
      }
      // The password alone is not enough: no session yet, only a challenge to finish with a code.
      if (user.twoFactorEnabledAt) return twoFactorChallenge(tokens, user.id, body.remember ?? false);
      const { token } = await tokens.issue(user.id, body.remember ?? false, meta);
      return { token, message: MESSAGES.signedIn };
    },

    logout: (sessionId: string) => tokens.revoke(sessionId),

    /**
     * Needs the current password (reauth.ts), so a stolen token cannot lock the owner out. Other
     * devices are signed out: whoever knew the old password may be on one of them.
     */
    async changePassword(user: AuthUser, sessionId: string, body: { password: string } & ReauthProof) {
      await assertReauthenticated(deps, { id: user.id, passwordHash: user.passwordHash, sessionId }, body);
      const userId = user.id;
      const passwordHash = await hashPassword(acceptPassword(config.clientHashPassword, body.password));
      const revoked = await db.transaction(async (tx) => {
        await usersRepository.update(tx, userId, { passwordHash });
        return sessionRepository.revokeAllForUser(tx, userId, sessionId);
      });
      closeSessionSockets(deps.io, revoked);
    },

    /**
     * Answers at once, the same for every address: looking the address up, creating the link and
     * sending the mail happen in the background (app.background), so the time of the answer does
     * not tell whether an account exists. Failures are logged there.
     */
    async forgotPassword(email: string) {
      deps.background.run('password-reset mail', async () => {
        const user = await usersRepository.findByEmail(db, email.toLowerCase());
        if (user && user.status === 'active') {
          await mail.passwordReset(user, await createLinkToken(db, user.id, 'reset-password'));
        }
      });
      return { message: MESSAGES.forgot };
    },

    async resetPassword(token: string, newPassword: string) {
      // Hash first: a rejected password must not use up the link.
      const passwordHash = await hashPassword(acceptPassword(config.clientHashPassword, newPassword));
      const revoked = await db.transaction(async (tx) => {
        const userId = await consumeLinkToken(tx, token, 'reset-password');
        // The link arrived by email, which proves the address as well as a verification link does.
        await usersRepository.update(tx, userId, { passwordHash, emailVerified: true });
        // Whoever reset the password owns the address: failed sign-ins and a lock no longer count.
        await loginThrottle.clear(tx, userId);
        return sessionRepository.revokeAllForUser(tx, userId);
      });
      closeSessionSockets(deps.io, revoked);
      return { message: MESSAGES.reset };
    },

    async resendVerification(email: string) {
      const user = await usersRepository.findByEmail(db, email.toLowerCase());
      if (user && user.status === 'active' && !user.emailVerified) {
        await mail.verification(user, await createLinkToken(db, user.id, 'verify-email'));
      }
      return { message: MESSAGES.resent };
    },

    async verifyEmail(token: string) {
      await db.transaction(async (tx) => {
        const userId = await consumeLinkToken(tx, token, 'verify-email');
        await usersRepository.update(tx, userId, { emailVerified: true });
      });
      return { message: MESSAGES.verified };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
