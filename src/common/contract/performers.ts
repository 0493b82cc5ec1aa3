import { Type, type Static } from 'typebox';
import { ViewerSubscription } from './subscriptions';
import {
  AGES, BODY_TYPES, ETHNICITIES, EYE_COLORS, GENDERS, HAIR_COLORS, HEIGHTS, SEXUAL_ORIENTATIONS, SIZES, WEIGHTS, valuesOf,
  type AttributeOption,
} from '../constants/performer-attributes';
import { VERIFICATION_STATUSES } from '../constants/verification';
import { defineRoute, Envelope, ErrorBody, IdParams, KeyParams, ListEnvelope, ListQuery, Nullable, TrimmedString, ViewResult } from './common';
import { ReauthFields } from './credentials';
import { Email, Name, Password, Username } from './users';

const Attribute = (options: AttributeOption[]) => Type.Enum(valuesOf(options));
const NullableAttribute = (options: AttributeOption[]) => Type.Union([Attribute(options), Type.Null()]);
const CountryCode = Type.String({ pattern: '^[A-Za-z]{2}$', description: 'ISO 3166-1 alpha-2' });
/** Spec 5: external links must be http or https URLs. */
export const HTTP_URL_PATTERN = '^https?://[^\\s/$.?#][^\\s]*$';
const HttpUrl = Type.String({ pattern: HTTP_URL_PATTERN, maxLength: 500, description: 'http or https URL' });
/** Tokens with two decimals, e.g. 9.95. */
const Price = Type.Number({ minimum: 0, maximum: 1_000_000, multipleOf: 0.01 });

export const SOCIAL_PLATFORMS = ['website', 'twitter', 'instagram', 'facebook', 'youtube', 'tiktok'] as const;
export const SocialLinks = Type.Object(
  Object.fromEntries(SOCIAL_PLATFORMS.map((p) => [p, Type.Optional(HttpUrl)])) as Record<
    (typeof SOCIAL_PLATFORMS)[number],
    ReturnType<typeof Type.Optional<typeof HttpUrl>>
  >,
  { additionalProperties: false },
);
export type SocialLinks = Static<typeof SocialLinks>;

export const PerformerStats = Type.Object({
  posts: Type.Integer(),
  photos: Type.Integer(),
  videos: Type.Integer(),
  followers: Type.Integer(),
  likes: Type.Integer(),
  subscribers: Type.Integer(),
});
export type PerformerStats = Static<typeof PerformerStats>;

/** A creator in lists and search results. `isFollowed`/`isBookmarked` are about the viewer. */
export const PerformerCard = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  username: Nullable(Type.String()),
  avatar: Type.String(),
  cover: Type.String(),
  /** Plain-text excerpt of the bio (at most 200 characters). */
  bioExcerpt: Type.String(),
  country: Nullable(Type.String()),
  gender: Nullable(Type.String()),
  verifiedDocument: Type.Boolean(),
  isFreeSubscription: Type.Boolean(),
  monthlyPrice: Type.Number(),
  yearlyPrice: Type.Number(),
  stats: PerformerStats,
  isFollowed: Type.Boolean(),
  isBookmarked: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type PerformerCard = Static<typeof PerformerCard>;

/** The public face of a creator: the card plus everything on the profile page. */
export const PerformerPublic = Type.Object({
  ...PerformerCard.properties,
  /** Sanitised rich text. */
  bio: Type.String(),
  city: Nullable(Type.String()),
  languages: Type.Array(Type.String()),
  /** Derived from the date of birth, which stays private. */
  age: Nullable(Type.String()),
  sexualOrientation: Nullable(Type.String()),
  height: Nullable(Type.String()),
  weight: Nullable(Type.String()),
  bodyType: Nullable(Type.String()),
  ethnicity: Nullable(Type.String()),
  size: Nullable(Type.String()),
  hairColor: Nullable(Type.String()),
  eyeColor: Nullable(Type.String()),
  socialLinks: SocialLinks,
  welcomeVideo: Nullable(Type.String()),
  /** Free subscriptions are on for the site and this creator offers one; lasts `freeSubscriptionDays`. */
  freeSubscriptionDays: Type.Integer(),
  /** The viewer can open this creator's subscribers-only content now. */
  isSubscribed: Type.Boolean(),
  /** The viewer's own subscription to this creator, whatever its state (null: never subscribed or signed out). */
  subscription: Type.Union([ViewerSubscription, Type.Null()]),
});
export type PerformerPublic = Static<typeof PerformerPublic>;

export const BankingSettings = Type.Object(
  {
    firstName: TrimmedString({ minLength: 1, maxLength: 100 }),
    lastName: TrimmedString({ minLength: 1, maxLength: 100 }),
    bankName: TrimmedString({ minLength: 1, maxLength: 200 }),
    accountNumber: TrimmedString({ pattern: '^[A-Za-z0-9 -]{4,34}$', description: 'account number or IBAN' }),
    routingNumber: Type.Optional(TrimmedString({ maxLength: 34 })),
    swiftCode: Type.Optional(TrimmedString({ pattern: '^([A-Za-z0-9]{8}|[A-Za-z0-9]{11})?$' })),
    country: CountryCode,
    address: Type.Optional(TrimmedString({ maxLength: 300 })),
  },
  { additionalProperties: false },
);
export type BankingSettings = Static<typeof BankingSettings>;

/**
 * Banking settings as stored and shown back: no input rules here, so a row saved under older
 * rules (a blank name from before trimming) never makes GET /performers/me fail to serialise.
 */
const StoredBankingSettings = Type.Object({
  firstName: Type.String(),
  lastName: Type.String(),
  bankName: Type.String(),
  accountNumber: Type.String(),
  routingNumber: Type.Optional(Type.String()),
  swiftCode: Type.Optional(Type.String()),
  country: Type.String(),
  address: Type.Optional(Type.String()),
});

export const PaymentGatewaySettings = Type.Object(
  {
    payoutMethod: Type.Enum(['bank_transfer', 'paypal']),
    /** Required when payoutMethod is paypal. */
    paypalEmail: Type.Optional(Email),
  },
  { additionalProperties: false },
);
export type PaymentGatewaySettings = Static<typeof PaymentGatewaySettings>;

/** GET /performers/me: the creator's own profile, with the private parts. */
export const PerformerAccount = Type.Object({
  ...PerformerPublic.properties,
  email: Nullable(Type.String()),
  dateOfBirth: Nullable(Type.String({ format: 'date' })),
  hasIdDocument: Type.Boolean(),
  hasSelfie: Type.Boolean(),
  /** Where the operators' check of the identity documents stands. */
  verificationStatus: Type.Enum([...VERIFICATION_STATUSES]),
  /** The operator's reason for the last rejection (shown while rejected); null once approved. */
  verificationNote: Nullable(Type.String()),
  /**
   * Fans can pay this creator now: the site does not require verification, or the documents are
   * approved. False means every payment answers 422 and the creator is not listed in explore.
   */
  payable: Type.Boolean(),
  bankingSettings: Type.Union([StoredBankingSettings, Type.Null()]),
  paymentGatewaySettings: Type.Union([PaymentGatewaySettings, Type.Null()]),
});
export type PerformerAccount = Static<typeof PerformerAccount>;

export const PerformerUpdate = Type.Object(
  {
    name: Type.Optional(Name),
    username: Type.Optional(Username),
    email: Type.Optional(Email),
    password: Type.Optional(Password),
    /** One of them is required when `password` is given or `email` differs from the current address. */
    ...ReauthFields,
    bio: Type.Optional(Type.String({ maxLength: 5000 })),
    country: Type.Optional(Type.Union([CountryCode, Type.Null()])),
    city: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
    languages: Type.Optional(Type.Array(Type.String({ minLength: 2, maxLength: 40 }), { maxItems: 10, uniqueItems: true })),
    dateOfBirth: Type.Optional(Type.String({ format: 'date' })),
    gender: Type.Optional(NullableAttribute(GENDERS)),
    sexualOrientation: Type.Optional(NullableAttribute(SEXUAL_ORIENTATIONS)),
    height: Type.Optional(NullableAttribute(HEIGHTS)),
    weight: Type.Optional(NullableAttribute(WEIGHTS)),
    bodyType: Type.Optional(NullableAttribute(BODY_TYPES)),
    ethnicity: Type.Optional(NullableAttribute(ETHNICITIES)),
    size: Type.Optional(NullableAttribute(SIZES)),
    hairColor: Type.Optional(NullableAttribute(HAIR_COLORS)),
    eyeColor: Type.Optional(NullableAttribute(EYE_COLORS)),
    socialLinks: Type.Optional(SocialLinks),
    /** Tokens; within minimumSubscriptionPrice..maximumSubscriptionPrice (422 otherwise). */
    monthlyPrice: Type.Optional(Price),
    yearlyPrice: Type.Optional(Price),
    isFreeSubscription: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type PerformerUpdate = Static<typeof PerformerUpdate>;

export const PERFORMER_SORTS = ['popular', 'newest', 'subscribers', 'updatedAt'] as const;
export const PerformerSearchQuery = Type.Object({
  ...ListQuery.properties,
  sortBy: Type.Optional(Type.Enum([...PERFORMER_SORTS], { default: 'popular' })),
  /** Free text over name, username and bio (prefix match per word). */
  q: Type.Optional(Type.String({ maxLength: 100 })),
  gender: Type.Optional(Attribute(GENDERS)),
  sexualOrientation: Type.Optional(Attribute(SEXUAL_ORIENTATIONS)),
  country: Type.Optional(CountryCode),
  age: Type.Optional(Attribute(AGES)),
  height: Type.Optional(Attribute(HEIGHTS)),
  weight: Type.Optional(Attribute(WEIGHTS)),
  bodyType: Type.Optional(Attribute(BODY_TYPES)),
  ethnicity: Type.Optional(Attribute(ETHNICITIES)),
  size: Type.Optional(Attribute(SIZES)),
  hairColor: Type.Optional(Attribute(HAIR_COLORS)),
  eyeColor: Type.Optional(Attribute(EYE_COLORS)),
  isFreeSubscription: Type.Optional(Type.Boolean()),
});
export type PerformerSearchQuery = Static<typeof PerformerSearchQuery>;

const AttributeOptions = Type.Array(Type.Object({ value: Type.String(), label: Type.String() }));
export const UserAdditional = Type.Object({
  heights: AttributeOptions,
  weights: AttributeOptions,
  ages: AttributeOptions,
  bodyTypes: AttributeOptions,
  ethnicities: AttributeOptions,
  sizes: AttributeOptions,
  hairColors: AttributeOptions,
  eyeColors: AttributeOptions,
  genders: AttributeOptions,
  sexualOrientations: AttributeOptions,
});

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const performerOnly = ['performer'] as const;
const LimitQuery = Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 12 })) });

export const performerRoutes = {
  me: defineRoute({
    method: 'GET', url: '/performers/me', auth: 'required', roles: performerOnly, summary: 'The signed-in creator\'s own profile', tags: ['performers'],
    schema: { response: { 200: Envelope(PerformerAccount), ...errors } },
  }),
  update: defineRoute({
    method: 'PUT', url: '/performers/me', auth: 'required', roles: performerOnly,
    summary:
      'Edit own creator profile (422 when a price is outside the allowed range; email and password need currentPassword, a new email changes when its mailed link is opened)',
    tags: ['performers'],
    schema: {
      body: PerformerUpdate,
      response: { 200: Type.Object({ data: PerformerAccount, message: Type.Optional(Type.String()) }), ...errors, 409: ErrorBody, 422: ErrorBody },
    },
  }),
  uploadAvatar: defineRoute({
    method: 'POST', url: '/performers/avatar/upload', auth: 'required', roles: performerOnly, multipart: true,
    summary: 'Upload avatar (multipart field "avatar": JPEG, PNG, WebP or GIF)', tags: ['performers'],
    schema: { response: { 200: Envelope(PerformerAccount), ...errors, 413: ErrorBody } },
  }),
  uploadCover: defineRoute({
    method: 'POST', url: '/performers/cover/upload', auth: 'required', roles: performerOnly, multipart: true,
    summary: 'Upload cover image (multipart field "cover")', tags: ['performers'],
    schema: { response: { 200: Envelope(PerformerAccount), ...errors, 413: ErrorBody } },
  }),
  uploadWelcomeVideo: defineRoute({
    method: 'POST', url: '/performers/welcome-video/upload', auth: 'required', roles: performerOnly, multipart: true,
    summary: 'Upload welcome video (multipart field "video": MP4, WebM or QuickTime)', tags: ['performers'],
    schema: { response: { 200: Envelope(PerformerAccount), ...errors, 413: ErrorBody } },
  }),
  removeWelcomeVideo: defineRoute({
    method: 'DELETE', url: '/performers/welcome-video', auth: 'required', roles: performerOnly,
    summary: 'Remove the welcome video', tags: ['performers'],
    schema: { response: { 200: Envelope(PerformerAccount), ...errors } },
  }),
  uploadDocuments: defineRoute({
    method: 'POST', url: '/performers/documents/upload', auth: 'required', roles: performerOnly, multipart: true,
    summary: 'Replace identity documents (fields "idDocument" and/or "selfie"); verification starts again', tags: ['performers'],
    schema: { response: { 200: Envelope(PerformerAccount), ...errors, 413: ErrorBody } },
  }),
  bankingSettings: defineRoute({
    method: 'PUT', url: '/performers/banking-settings', auth: 'required', roles: performerOnly,
    summary: 'Set the bank account payouts go to', tags: ['performers'],
    schema: { body: BankingSettings, response: { 200: Envelope(PerformerAccount), ...errors } },
  }),
  paymentGatewaySettings: defineRoute({
    method: 'PUT', url: '/performers/payment-gateway-settings', auth: 'required', roles: performerOnly,
    summary: 'Choose how payouts are sent', tags: ['performers'],
    schema: { body: PaymentGatewaySettings, response: { 200: Envelope(PerformerAccount), ...errors } },
  }),
  search: defineRoute({
    method: 'GET', url: '/performers/user/search', auth: 'optional', summary: 'Search and filter creators', tags: ['performers'],
    schema: { querystring: PerformerSearchQuery, response: { 200: ListEnvelope(PerformerCard), 400: ErrorBody } },
  }),
  random: defineRoute({
    method: 'GET', url: '/performers/search/random', auth: 'optional', summary: 'Suggested creators, in random order', tags: ['performers'],
    schema: { querystring: LimitQuery, response: { 200: ListEnvelope(PerformerCard), 400: ErrorBody } },
  }),
  top: defineRoute({
    method: 'GET', url: '/performers/top', auth: 'optional', summary: 'Creators with the most followers and subscribers', tags: ['performers'],
    schema: { querystring: LimitQuery, response: { 200: ListEnvelope(PerformerCard), 400: ErrorBody } },
  }),
  view: defineRoute({
    method: 'GET', url: '/performers/:id', auth: 'optional',
    summary: 'A creator by username or id (403 "not available" when the creator blocked the viewer or their country)', tags: ['performers'],
    schema: {
      params: KeyParams,
      response: { 200: Envelope(PerformerPublic), 403: ErrorBody, 404: ErrorBody },
    },
  }),
  countView: defineRoute({
    method: 'POST', url: '/performers/:id/view', auth: 'optional', tags: ['performers'],
    summary: 'Count a view of a creator\'s profile (once per viewer per hour; the creator\'s own views are not counted)',
    schema: { params: IdParams, response: { 200: Envelope(ViewResult), 400: ErrorBody, 403: ErrorBody, 404: ErrorBody } },
  }),
  userAdditional: defineRoute({
    method: 'GET', url: '/user-additional', auth: 'none', summary: 'Performer attribute option lists (spec 3)', tags: ['performers'],
    schema: { response: { 200: Envelope(UserAdditional) } },
  }),
};
