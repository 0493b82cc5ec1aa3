import { Type } from 'typebox';
import { defineRoute, Envelope, ErrorBody } from './common';

/**
 * reCAPTCHA (spec 7 General). When the operator turns it on (`reCaptchaEnabled` with a
 * `reCaptchaSiteKey`, and the API has `RECAPTCHA_SECRET_KEY`), registration, forgot password,
 * contact and a sign-in after three failures need a token from Google's widget, sent in this header.
 */
export const RECAPTCHA_HEADER = 'x-recaptcha-token';
/** The field named in the 400 when a token is missing or refused, so a form can show the widget. */
export const RECAPTCHA_FIELD = 'reCaptchaToken';
/** A sign-in for an account with this many failures in a row needs a token. */
export const RECAPTCHA_AFTER_FAILURES = 3;
export const RECAPTCHA_MISSING = 'Please confirm that you are not a robot';
export const RECAPTCHA_REFUSED = 'The reCAPTCHA check failed, please try again';

export const recaptchaRoutes = {
  verify: defineRoute({
    method: 'POST', url: '/re-captcha/verify', auth: 'none', tags: ['auth'],
    summary: "Check a reCAPTCHA token with Google's siteverify (400 when missing or refused; success when reCAPTCHA is off)",
    schema: {
      body: Type.Object({ token: Type.String({ maxLength: 4000 }) }, { additionalProperties: false }),
      response: { 200: Envelope(Type.Object({ success: Type.Boolean() })), 400: ErrorBody },
    },
  }),
};
