import { Type, type Static } from 'typebox';
import { DateTime, defineRoute, Envelope, ErrorBody, IdParams, ListEnvelope, Nullable, Ok } from './common';
import { TokenResult } from './auth';
import { CurrentPassword, TwoFactorCode } from './credentials';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody };

/** A signed-in device of the caller (a live `sessions` row). */
export const SessionItem = Type.Object({
  id: Type.String(),
  /** A readable summary of the user agent, e.g. "Chrome on Linux". */
  device: Type.String(),
  ip: Nullable(Type.String()),
  createdAt: DateTime,
  /** Updated at most once a minute; the sign-in time until the first later request. */
  lastSeenAt: DateTime,
  /** The session of the token that asked. */
  current: Type.Boolean(),
});
export type SessionItem = Static<typeof SessionItem>;

export { RECOVERY_CODE_COUNT, TWO_FACTOR_CODE_MAX, TwoFactorCode } from './credentials';

export const TwoFactorStatus = Type.Object({
  enabled: Type.Boolean(),
  enabledAt: Nullable(DateTime),
  /** Unused recovery codes left (0 while off). */
  recoveryCodesLeft: Type.Integer({ minimum: 0 }),
  /** Social-only accounts have none: they turn 2FA off with a code, and enable it without a password. */
  hasPassword: Type.Boolean(),
});
export type TwoFactorStatus = Static<typeof TwoFactorStatus>;

export const TwoFactorSetup = Type.Object({
  /** Base32, for typing into an app that cannot scan. */
  secret: Type.String(),
  otpauthUrl: Type.String(),
  /** The otpauth URL as a PNG data URL. */
  qrCode: Type.String(),
});
export type TwoFactorSetup = Static<typeof TwoFactorSetup>;

export const EnableTwoFactorBody = Type.Object(
  {
    code: TwoFactorCode,
    /** Required when the account has a password: a stolen token alone must not lock the owner out. */
    currentPassword: Type.Optional(CurrentPassword),
  },
  { additionalProperties: false },
);
export type EnableTwoFactorBody = Static<typeof EnableTwoFactorBody>;

export const DisableTwoFactorBody = Type.Object(
  { code: Type.Optional(TwoFactorCode), password: Type.Optional(CurrentPassword) },
  { additionalProperties: false },
);
export type DisableTwoFactorBody = Static<typeof DisableTwoFactorBody>;

export const VerifyTwoFactorBody = Type.Object(
  { challenge: Type.String({ minLength: 10, maxLength: 2048 }), code: TwoFactorCode },
  { additionalProperties: false },
);
export type VerifyTwoFactorBody = Static<typeof VerifyTwoFactorBody>;

export const accountSecurityRoutes = {
  sessions: defineRoute({
    method: 'GET', url: '/auth/sessions', auth: 'required', summary: 'My signed-in devices, newest first', tags: ['auth'],
    schema: { response: { 200: ListEnvelope(SessionItem), ...errors } },
  }),
  revokeSession: defineRoute({
    method: 'DELETE', url: '/auth/sessions/:id', auth: 'required',
    summary: 'Sign one of my devices out (its token stops working at once)', tags: ['auth'],
    schema: { params: IdParams, response: { 200: Ok, ...errors } },
  }),
  revokeOtherSessions: defineRoute({
    method: 'DELETE', url: '/auth/sessions', auth: 'required', summary: 'Sign out every device but this one', tags: ['auth'],
    schema: { response: { 200: Envelope(Type.Object({ success: Type.Boolean(), revoked: Type.Integer({ minimum: 0 }) })), ...errors } },
  }),
  twoFactorStatus: defineRoute({
    method: 'GET', url: '/auth/2fa', auth: 'required', summary: 'Whether two-factor sign-in is on', tags: ['auth'],
    schema: { response: { 200: Envelope(TwoFactorStatus), ...errors } },
  }),
  twoFactorSetup: defineRoute({
    method: 'POST', url: '/auth/2fa/setup', auth: 'required',
    summary: 'Start two-factor set-up: a new TOTP secret with its QR code (not on until confirmed)', tags: ['auth'],
    schema: { response: { 200: Envelope(TwoFactorSetup), ...errors } },
  }),
  twoFactorEnable: defineRoute({
    method: 'POST', url: '/auth/2fa/enable', auth: 'required',
    summary: 'Turn two-factor sign-in on with a code of the new secret; answers the ten recovery codes once', tags: ['auth'],
    schema: {
      body: EnableTwoFactorBody,
      response: { 200: Envelope(Type.Object({ recoveryCodes: Type.Array(Type.String()) })), ...errors },
    },
  }),
  twoFactorDisable: defineRoute({
    method: 'POST', url: '/auth/2fa/disable', auth: 'required',
    summary: 'Turn two-factor sign-in off with a code, a recovery code or the password', tags: ['auth'],
    schema: { body: DisableTwoFactorBody, response: { 200: Ok, ...errors } },
  }),
  twoFactorVerify: defineRoute({
    method: 'POST', url: '/auth/2fa/verify', auth: 'none',
    summary: 'Finish a sign-in that answered twoFactorRequired: the challenge and a code give the token', tags: ['auth'],
    schema: { body: VerifyTwoFactorBody, response: { 200: Envelope(TokenResult), ...errors } },
  }),
};
