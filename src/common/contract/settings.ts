import { Type, type Static } from 'typebox';
import { defineRoute, Envelope, ErrorBody } from './common';

const MenuItem = Type.Object({
  title: Type.String(),
  path: Type.String(),
  section: Type.Union([Type.Literal('header'), Type.Literal('footer')]),
  isNewTab: Type.Optional(Type.Boolean()),
});

/** All 24 public settings of spec section 3. */
export const PublicSettingsSchema = Type.Object({
  siteName: Type.String(),
  logoUrl: Type.String(),
  darkmodeLogoUrl: Type.String(),
  favicon: Type.String(),
  menus: Type.Array(MenuItem),
  footerContent: Type.String(),
  gaCode: Type.String(),
  requireEmailVerification: Type.Boolean(),
  maintenanceMode: Type.Boolean(),
  maintenanceImage: Type.String(),
  stripePublishableKey: Type.String(),
  agoraAppId: Type.String(),
  agoraEnable: Type.Boolean(),
  paymentGateway: Type.String(),
  freeSubscriptionEnabled: Type.Boolean(),
  freeSubscriptionDuration: Type.Integer({ minimum: 1 }),
  minimumSubscriptionPrice: Type.Number({ minimum: 0 }),
  maximumSubscriptionPrice: Type.Number({ minimum: 0 }),
  minimumWalletPrice: Type.Number({ minimum: 0 }),
  maximumWalletPrice: Type.Number({ minimum: 0 }),
  minimumTipPrice: Type.Number({ minimum: 0 }),
  maximumTipPrice: Type.Number({ minimum: 0 }),
  minimumPayoutAmount: Type.Number({ minimum: 0 }),
  volume: Type.Number({ minimum: 0, maximum: 1 }),
});

/** Operator-only settings. */
export const PrivateSettingsSchema = Type.Object({
  blockedCountries: Type.Array(Type.String({ pattern: '^[A-Z]{2}$' })),
  tokenConversionRate: Type.Number({ exclusiveMinimum: 0 }),
  performerCommission: Type.Number({ minimum: 0, maximum: 1 }),
  minimumContentPrice: Type.Number({ minimum: 0 }),
  maximumContentPrice: Type.Number({ minimum: 0 }),
  maxImageUploadMb: Type.Integer({ minimum: 1, maximum: 1024 }),
  maxVideoUploadMb: Type.Integer({ minimum: 1, maximum: 10240 }),
  maxAudioUploadMb: Type.Integer({ minimum: 1, maximum: 2048 }),
  maxDocumentUploadMb: Type.Integer({ minimum: 1, maximum: 10240 }),
  requireCreatorVerification: Type.Boolean(),
  adminEmail: Type.Union([Type.Literal(''), Type.String({ format: 'email', maxLength: 254 })]),
});

export const AllSettingsSchema = Type.Object({ ...PublicSettingsSchema.properties, ...PrivateSettingsSchema.properties });
export type AllSettingsValues = Static<typeof AllSettingsSchema>;

export const settingsRoutes = {
  public: defineRoute({
    method: 'GET', url: '/settings/public', auth: 'none', summary: 'All public site settings', tags: ['settings'],
    schema: { response: { 200: Envelope(PublicSettingsSchema) } },
  }),
  keys: defineRoute({
    method: 'POST', url: '/settings/keys', auth: 'none', summary: 'The named public settings', tags: ['settings'],
    schema: {
      body: Type.Object({ keys: Type.Array(Type.String({ maxLength: 100 }), { minItems: 1, maxItems: 50 }) }, { additionalProperties: false }),
      response: { 200: Envelope(Type.Partial(PublicSettingsSchema)), 400: ErrorBody },
    },
  }),
  adminList: defineRoute({
    method: 'GET', url: '/admin/settings', auth: 'required', roles: ['admin'], summary: 'Every setting, public and private',
    tags: ['admin'],
    schema: { response: { 200: Envelope(AllSettingsSchema), 401: ErrorBody, 403: ErrorBody } },
  }),
  adminUpdate: defineRoute({
    method: 'PUT', url: '/admin/settings', auth: 'required', roles: ['admin'],
    summary: 'Change settings (validated by type); answers every setting', tags: ['admin'],
    schema: {
      body: Type.Partial(AllSettingsSchema, { additionalProperties: false, minProperties: 1 }),
      // 422: a minimum price above its maximum.
      response: { 200: Envelope(AllSettingsSchema), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 422: ErrorBody },
    },
  }),
};

export const geoRoutes = {
  check: defineRoute({
    method: 'GET', url: '/block/countries/check', auth: 'none',
    summary: 'Whether the visitor (IP from X-Forwarded-For, else X-Real-IP, else the connection) is in a site-wide blocked country',
    tags: ['blocking'],
    schema: {
      response: {
        200: Envelope(Type.Object({ blocked: Type.Boolean(), country: Type.Union([Type.String(), Type.Null()]) })),
      },
    },
  }),
};
