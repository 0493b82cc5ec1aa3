import { Type, type Static } from 'typebox';
import { DateTime, defineRoute, Envelope, ErrorBody, KeyParams, ListEnvelope, ListQuery, TrimmedString } from './common';
import { VERIFICATION_STATUSES } from '../constants/verification';
import { ConsentBody, ReauthFields } from './credentials';

export const USERNAME_PATTERN = '^[a-zA-Z0-9_.]{3,30}$';
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;

export const Role = Type.Union([Type.Literal('user'), Type.Literal('performer'), Type.Literal('admin')]);
export type Role = Static<typeof Role>;

export const Username = Type.String({
  pattern: USERNAME_PATTERN,
  description: '3 to 30 letters, digits, dots or underscores',
});
export const Email = Type.String({ format: 'email', maxLength: EMAIL_MAX });
export const Password = Type.String({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX });
/** Trimmed before it is checked: a name of spaces is refused, not stored empty. */
export const Name = TrimmedString({ minLength: 1, maxLength: NAME_MAX });

/** The signed-in user as the client keeps it (spec 3, Current user). */
export const CurrentUser = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  username: Type.Union([Type.String(), Type.Null()]),
  email: Type.Union([Type.String(), Type.Null()]),
  avatar: Type.String({ description: 'URL; a placeholder image when none was uploaded' }),
  cover: Type.String({ description: 'URL; a placeholder image when none was uploaded' }),
  role: Role,
  isPerformer: Type.Boolean(),
  emailVerified: Type.Boolean(),
  /** Wallet balance in tokens, two decimals. */
  balance: Type.Number(),
  /** Performers only: an admin has checked the identity document. */
  verifiedDocument: Type.Optional(Type.Boolean()),
  /** Performers only: where the operators' check of the identity documents stands. */
  verificationStatus: Type.Optional(Type.Enum([...VERIFICATION_STATUSES])),
  /** Performers only: the operator's reason for the last rejection; null once approved. */
  verificationNote: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /** Performers only: fans can pay them now (verification approved or not required by the site). */
  payable: Type.Optional(Type.Boolean()),
  /** A new address waiting for its confirmation link (the email changes when it is opened). */
  pendingEmail: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /**
   * False for accounts made through social sign-in that never set a password: changing the email
   * or setting a password then needs a sign-in in the last 10 minutes instead of the current password.
   */
  hasPassword: Type.Optional(Type.Boolean()),
  /**
   * True until the person has confirmed age 18+ and accepted the current terms (TERMS_VERSION):
   * accounts made through social sign-in, and everyone after the terms version is raised. The web
   * asks before anything else (PUT /users/me/consent). Never for operators.
   */
  consentRequired: Type.Optional(Type.Boolean()),
  createdAt: Type.String({ format: 'date-time' }),
});
export type CurrentUser = Static<typeof CurrentUser>;

/** What anyone may see of a fan: no email, no balance. */
export const UserPublic = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  username: Type.Union([Type.String(), Type.Null()]),
  avatar: Type.String(),
  isPerformer: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type UserPublic = Static<typeof UserPublic>;

/** A warning the operators gave the signed-in person, as their account page shows it. */
export const AccountNotice = Type.Object({ _id: Type.String(), reason: Type.String(), createdAt: DateTime });
export type AccountNotice = Static<typeof AccountNotice>;

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export const userRoutes = {
  me: defineRoute({
    method: 'GET', url: '/users/me', auth: 'required', summary: 'The signed-in user', tags: ['users'],
    schema: { response: { 200: Envelope(CurrentUser), 401: ErrorBody } },
  }),
  consent: defineRoute({
    method: 'PUT', url: '/users/me/consent', auth: 'required',
    summary: 'Confirm age 18+ and accept the current terms of service (stored with the terms version and time)', tags: ['users'],
    schema: { body: ConsentBody, response: { 200: Envelope(CurrentUser), ...errors } },
  }),
  warnings: defineRoute({
    method: 'GET', url: '/users/me/warnings', auth: 'required', summary: 'Warnings the operators gave the signed-in person, newest first', tags: ['users'],
    schema: { response: { 200: Envelope(Type.Array(AccountNotice)), 401: ErrorBody } },
  }),
  update: defineRoute({
    method: 'PUT', url: '/users', auth: 'required',
    summary:
      'Update own profile (name, username; email and password need currentPassword). A new email is mailed a confirmation link and changes when it is opened; `message` says so',
    tags: ['users'],
    schema: {
      body: Type.Object(
        {
          name: Type.Optional(Name),
          username: Type.Optional(Username),
          email: Type.Optional(Email),
          password: Type.Optional(Password),
          ...ReauthFields,
        },
        { additionalProperties: false },
      ),
      response: { 200: Type.Object({ data: CurrentUser, message: Type.Optional(Type.String()) }), ...errors },
    },
  }),
  uploadAvatar: defineRoute({
    method: 'POST', url: '/users/avatar/upload', auth: 'required', multipart: true,
    summary: 'Upload own avatar (multipart field "avatar": JPEG, PNG, WebP or GIF)', tags: ['users'],
    schema: { response: { 200: Envelope(CurrentUser), ...errors, 413: ErrorBody } },
  }),
  search: defineRoute({
    method: 'GET', url: '/users/search', auth: 'required', roles: ['performer', 'admin'],
    summary: 'Find fans by name or username (creators and admins)', tags: ['users'],
    schema: {
      querystring: Type.Object({ ...ListQuery.properties, q: Type.Optional(Type.String({ maxLength: 100 })) }),
      response: { 200: ListEnvelope(UserPublic), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
    },
  }),
  view: defineRoute({
    method: 'GET', url: '/users/view/:id', auth: 'required', roles: ['performer', 'admin'],
    summary: 'A fan\'s public details by id or username (creators and admins)', tags: ['users'],
    schema: { params: KeyParams, response: { 200: Envelope(UserPublic), 401: ErrorBody, 403: ErrorBody, 404: ErrorBody } },
  }),
};
