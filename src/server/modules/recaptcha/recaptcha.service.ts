import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../../lib/http-error';
import type { Config } from '../../config';
import type { AllSettings } from '../../../common/constants/settings';
import { RECAPTCHA_FIELD, RECAPTCHA_HEADER, RECAPTCHA_MISSING, RECAPTCHA_REFUSED } from '../../../common/contract/recaptcha';

const TIMEOUT_MS = 5000;

/**
 * reCAPTCHA is on only when all three are set: the operator's `reCaptchaEnabled` switch, a
 * `reCaptchaSiteKey` for the widget, and the API's `RECAPTCHA_SECRET_KEY`. A switch without the
 * secret would refuse every sign-up, so the public value reports this effective state.
 */
export const recaptchaOn = (
  config: Pick<Config, 'recaptcha'>, stored: Pick<AllSettings, 'reCaptchaEnabled' | 'reCaptchaSiteKey'>,
): boolean => Boolean(config.recaptcha.secretKey) && stored.reCaptchaEnabled && Boolean(stored.reCaptchaSiteKey);

export function createRecaptchaService(app: Pick<FastifyInstance, 'settings' | 'config' | 'log'>) {
  async function enabled(): Promise<boolean> {
    if (!app.config.recaptcha.secretKey) return false;
    const [reCaptchaEnabled, reCaptchaSiteKey] = await Promise.all([app.settings.get('reCaptchaEnabled'), app.settings.get('reCaptchaSiteKey')]);
    return recaptchaOn(app.config, { reCaptchaEnabled, reCaptchaSiteKey });
  }

  /** Google's answer for one token; a network failure or a non-JSON answer counts as refused. */
  async function verify(token: string, ip?: string): Promise<boolean> {
    const form = new URLSearchParams({ secret: app.config.recaptcha.secretKey ?? '', response: token });
    if (ip) form.set('remoteip', ip);
    try {
      const res = await fetch(app.config.recaptcha.verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const body = (await res.json()) as { success?: unknown; 'error-codes'?: unknown };
      if (body.success !== true) app.log.info({ errors: body['error-codes'] }, 'reCAPTCHA token refused');
      return res.ok && body.success === true;
    } catch (err) {
      app.log.warn({ err }, 'reCAPTCHA siteverify could not be reached');
      return false;
    }
  }

  /** 400 naming `reCaptchaToken` when the token is missing or refused. */
  async function check(token: string | undefined, ip?: string): Promise<void> {
    const clean = token?.trim();
    if (!clean) throw badRequest(RECAPTCHA_MISSING, [{ field: RECAPTCHA_FIELD, message: RECAPTCHA_MISSING }]);
    if (clean.length > 4000 || !(await verify(clean, ip))) {
      throw badRequest(RECAPTCHA_REFUSED, [{ field: RECAPTCHA_FIELD, message: RECAPTCHA_REFUSED }]);
    }
  }

  return {
    enabled,
    check,
    /** For the guarded routes: when reCAPTCHA is on, the request's header must carry a valid token. */
    async requireHuman(request: FastifyRequest): Promise<void> {
      if (!(await enabled())) return;
      const header = request.headers[RECAPTCHA_HEADER];
      await check(Array.isArray(header) ? header[0] : header, request.ip);
    },
  };
}

export type RecaptchaService = ReturnType<typeof createRecaptchaService>;
