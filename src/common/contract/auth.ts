import { Type, type Static } from 'typebox';
import { defineRoute, Envelope, ErrorBody, Ok } from './common';
import { Consent, ReauthFields } from './credentials';
import { Email, Name, Password, Username } from './users';
import { LINK_TOKEN_LENGTH } from '../lib/link-token';

/** The token of an emailed link (reset, verification, email change). */
const LinkToken = Type.String(LINK_TOKEN_LENGTH);

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody };

/**
 * Sign-in answer: the token, or null when the account must verify its email first or, with
 * `twoFactorRequired`, finish with `POST /auth/2fa/verify { challenge, code }`.
 */
export const TokenResult = Type.Object({
  token: Type.Union([Type.String(), Type.Null()]),
  message: Type.String(),
  twoFactorRequired: Type.Optional(Type.Boolean()),
  /** Short-lived (5 minutes), bound to the account and the `remember` choice. */
  challenge: Type.Optional(Type.String()),
});
export type TokenResult = Static<typeof TokenResult>;

export const Message = Envelope(Type.Object({ message: Type.String() }));

export const LoginBody = Type.Object(
  {
    /** Either the username or the email; `username` may also hold an email address. */
    username: Type.Optional(Type.String({ minLength: 1, maxLength: 254 })),
    email: Type.Optional(Type.String({ minLength: 1, maxLength: 254 })),
    password: Type.String({ minLength: 1, maxLength: 256 }),
    remember: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBody>;

export { Consent } from './credentials';

export const RegisterBody = Type.Object(
  { name: Name, username: Username, email: Email, password: Password, ageConfirmed: Consent, termsAccepted: Consent },
  { additionalProperties: false },
);
export type RegisterBody = Static<typeof RegisterBody>;

/** Form fields of the performer registration (multipart; files: idDocument, selfie). */
export const PerformerRegisterFields = Type.Object({
  name: Name,
  username: Username,
  email: Email,
  password: Password,
  gender: Type.Union([Type.Literal('male'), Type.Literal('female'), Type.Literal('transgender')]),
  /** YYYY-MM-DD; the performer must be 18 or older. */
  dateOfBirth: Type.String({ format: 'date' }),
  /** ISO 3166-1 alpha-2. */
  country: Type.String({ pattern: '^[A-Za-z]{2}$' }),
  /** Multipart sends the string 'true'; the route reads it as `true` before checking. */
  ageConfirmed: Consent,
  termsAccepted: Consent,
});
export type PerformerRegisterFields = Static<typeof PerformerRegisterFields>;

export const SocialRole = Type.Union([Type.Literal('user'), Type.Literal('performer')]);

export const authRoutes = {
  login: defineRoute({
    method: 'POST', url: '/auth/login', auth: 'none', summary: 'Sign in with email or username', tags: ['auth'],
    schema: { body: LoginBody, response: { 200: Envelope(TokenResult), ...errors } },
  }),
  logout: defineRoute({
    method: 'POST', url: '/auth/logout', auth: 'required', summary: 'Revoke the current token', tags: ['auth'],
    schema: { response: { 200: Ok, 401: ErrorBody } },
  }),
  registerUser: defineRoute({
    method: 'POST', url: '/auth/users/register', auth: 'none', summary: 'Create a fan account', tags: ['auth'],
    schema: { body: RegisterBody, response: { 200: Envelope(TokenResult), ...errors } },
  }),
  registerPerformer: defineRoute({
    method: 'POST', url: '/auth/performers/register', auth: 'none', multipart: true,
    summary: 'Create a performer account (multipart: form fields plus idDocument and selfie images)',
    tags: ['auth'],
    schema: { response: { 200: Envelope(TokenResult), ...errors, 413: ErrorBody } },
  }),
  changePassword: defineRoute({
    method: 'PUT', url: '/auth/users/me/password', auth: 'required',
    summary: 'Change own password with the current one (400 naming currentPassword otherwise); other sessions are signed out',
    tags: ['auth'],
    schema: {
      body: Type.Object(
        {
          password: Password,
          source: Type.Optional(Type.Union([Type.Literal('user'), Type.Literal('performer')])),
          ...ReauthFields,
        },
        { additionalProperties: false },
      ),
      response: { 200: Ok, ...errors },
    },
  }),
  forgotPassword: defineRoute({
    method: 'POST', url: '/auth/users/forgot', auth: 'none',
    summary: 'Email a password-reset link (same answer whether or not the address is known)', tags: ['auth'],
    schema: { body: Type.Object({ email: Email }, { additionalProperties: false }), response: { 200: Message, ...errors } },
  }),
  resetPassword: defineRoute({
    method: 'POST', url: '/auth/users/reset', auth: 'none', summary: 'Set a new password with a reset link token',
    tags: ['auth'],
    schema: {
      body: Type.Object({ token: LinkToken, password: Password }, { additionalProperties: false }),
      response: { 200: Message, ...errors },
    },
  }),
  resendVerification: defineRoute({
    method: 'POST', url: '/auth/email-verification', auth: 'none', summary: 'Send the email verification link again',
    tags: ['auth'],
    schema: { body: Type.Object({ email: Email }, { additionalProperties: false }), response: { 200: Message, ...errors } },
  }),
  verifyEmail: defineRoute({
    method: 'POST', url: '/auth/email-verification/verify', auth: 'none', summary: 'Confirm an email address with the link token',
    tags: ['auth'],
    schema: {
      body: Type.Object({ token: LinkToken }, { additionalProperties: false }),
      response: { 200: Message, ...errors },
    },
  }),
  confirmEmailChange: defineRoute({
    method: 'POST', url: '/auth/email/confirm', auth: 'none',
    summary: 'Confirm an email change with the link mailed to the new address; the previous address is told and can undo it',
    tags: ['auth'],
    schema: {
      body: Type.Object({ token: LinkToken }, { additionalProperties: false }),
      response: { 200: Message, ...errors },
    },
  }),
  undoEmailChange: defineRoute({
    method: 'POST', url: '/auth/email/undo', auth: 'none',
    summary: 'Undo an email change with the link mailed to the previous address: the address returns, every session ends, the password must be reset',
    tags: ['auth'],
    schema: {
      body: Type.Object({ token: LinkToken }, { additionalProperties: false }),
      response: { 200: Message, ...errors },
    },
  }),
  providers: defineRoute({
    method: 'GET', url: '/auth/providers', auth: 'none', summary: 'Which social sign-in providers are configured',
    tags: ['auth'],
    schema: {
      response: {
        200: Envelope(Type.Object({ google: Type.Boolean(), twitter: Type.Boolean(), googleClientId: Type.Union([Type.String(), Type.Null()]) })),
      },
    },
  }),
  googleLogin: defineRoute({
    method: 'POST', url: '/auth/google/login', auth: 'none', summary: 'Sign in with a Google ID token (credential)',
    tags: ['auth'],
    schema: {
      body: Type.Object({ token: Type.String({ minLength: 10, maxLength: 4096 }), role: Type.Optional(SocialRole), remember: Type.Optional(Type.Boolean()) }, { additionalProperties: false }),
      response: { 200: Envelope(TokenResult), ...errors },
    },
  }),
  googleToken: defineRoute({
    method: 'POST', url: '/auth/google/token', auth: 'none', summary: 'Sign in with a Google authorization code',
    tags: ['auth'],
    schema: {
      body: Type.Object({ token: Type.String({ minLength: 4, maxLength: 4096 }), redirectUri: Type.Optional(Type.String({ maxLength: 2048 })), role: Type.Optional(SocialRole), remember: Type.Optional(Type.Boolean()) }, { additionalProperties: false }),
      response: { 200: Envelope(TokenResult), ...errors },
    },
  }),
  twitterLogin: defineRoute({
    method: 'POST', url: '/auth/twitter/login', auth: 'none',
    summary: 'Start a Twitter (OAuth 1.0a) sign-in: request token and the authorisation URL', tags: ['auth'],
    schema: {
      body: Type.Object({ callbackUrl: Type.Optional(Type.String({ maxLength: 2048 })), role: Type.Optional(SocialRole) }, { additionalProperties: false }),
      response: {
        200: Envelope(Type.Object({ oauthToken: Type.String(), oauthTokenSecret: Type.String(), url: Type.String() })),
        ...errors,
      },
    },
  }),
  twitterCallback: defineRoute({
    method: 'POST', url: '/auth/twitter/callback', auth: 'none', summary: 'Finish a Twitter sign-in', tags: ['auth'],
    schema: {
      body: Type.Object(
        {
          oauthToken: Type.String({ minLength: 1, maxLength: 512 }),
          oauthTokenSecret: Type.String({ minLength: 1, maxLength: 512 }),
          oauthVerifier: Type.String({ minLength: 1, maxLength: 512 }),
          role: Type.Optional(SocialRole),
          remember: Type.Optional(Type.Boolean()),
        },
        { additionalProperties: false },
      ),
      response: { 200: Envelope(TokenResult), ...errors },
    },
  }),
};
