import { Type, type Static } from 'typebox';
import { defineRoute, Envelope, ErrorBody } from './common';
import { PAYMENT_GATEWAY_NAMES } from '../constants/settings';

// Characters a link may hold: no spaces or control characters (they hide what a link really is).
const LINK_CHAR = '[^\\s\\u0000-\\u001f\\u007f]';
const HOST_START = '[^\\s\\u0000-\\u001f\\u007f/?#\\\\]';
const LINK = `https?://${HOST_START}${LINK_CHAR}*|/(?![/\\\\])${LINK_CHAR}*`;

/**
 * A link the site may render: an http(s) URL with a host, or a path on this site. `//host` and
 * `/\host` are refused: browsers read both as another host. Anything else (`javascript:`,
 * `data:`) is refused too.
 */
export const SITE_LINK_PATTERN = `^(${LINK})$`;
/** The same, or empty (no image: the site's default). */
export const SITE_LINK_OR_EMPTY_PATTERN = `^$|^(${LINK})$`;
/** A Google Analytics id: GA4 `G-XXXXXXX` or Universal Analytics `UA-1234567-1`; empty for none. */
export const GA_CODE_PATTERN = '^$|^(G-[A-Z0-9]{3,20}|UA-[0-9]{2,12}-[0-9]{1,4})$';
/** A Stripe publishable key (`pk_test_...`, `pk_live_...`); empty to use the server's. */
export const STRIPE_PUBLISHABLE_KEY_PATTERN = '^$|^pk_(test|live)_[A-Za-z0-9]+$';
/** An Agora App ID is 32 hexadecimal characters; empty while live streaming is not set up. */
export const RECAPTCHA_SITE_KEY_PATTERN = '^$|^[A-Za-z0-9_-]{20,100}$';
export const AGORA_APP_ID_PATTERN = '^$|^[0-9A-Fa-f]{32}$';
/** Empty, or an email address as HTML's `type=email` accepts it (a dot in the domain required). */
export const OPTIONAL_EMAIL_PATTERN =
  "^$|^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$";

/** What each settings pattern means, for the error messages (the regex means nothing to a person). */
export const SETTING_PATTERN_WORDS: Record<string, string> = {
  [SITE_LINK_PATTERN]: 'must be an http(s) URL or a path on this site starting with /',
  [SITE_LINK_OR_EMPTY_PATTERN]: 'must be empty, an http(s) URL or a path on this site starting with /',
  [GA_CODE_PATTERN]: 'must be empty or a Google Analytics id such as G-XXXXXXX or UA-1234567-1',
  [STRIPE_PUBLISHABLE_KEY_PATTERN]: 'must be empty or a Stripe publishable key (pk_test_... or pk_live_...)',
  [AGORA_APP_ID_PATTERN]: 'must be empty or an Agora App ID (32 hexadecimal characters)',
  [OPTIONAL_EMAIL_PATTERN]: 'must be empty or an email address',
  [RECAPTCHA_SITE_KEY_PATTERN]: 'must be empty or a reCAPTCHA site key (20 to 100 letters, digits, - or _)',
};

/** Bounds the server enforces and the console's forms show. */
export const SETTING_LIMITS = {
  siteNameMax: 100,
  linkMax: 2000,
  footerContentMax: 20_000,
  keyMax: 200,
  menuItemsMax: 30,
  menuTitleMax: 50,
  blockedCountriesMax: 250,
  freeSubscriptionDurationMax: 365,
  /** Any price, tip, top-up or payout bound, in tokens (or USD for top-ups). */
  priceMax: 1_000_000,
  tokenConversionRateMin: 0.01,
  tokenConversionRateMax: 1000,
  performerCommissionMax: 0.9,
} as const;

const L = SETTING_LIMITS;
const SiteLink = Type.String({ maxLength: L.linkMax, pattern: SITE_LINK_OR_EMPTY_PATTERN });
const Price = Type.Number({ minimum: 0, maximum: L.priceMax });

const MenuItem = Type.Object({
  title: Type.String({ minLength: 1, maxLength: L.menuTitleMax }),
  path: Type.String({ minLength: 1, maxLength: L.linkMax, pattern: SITE_LINK_PATTERN }),
  section: Type.Union([Type.Literal('header'), Type.Literal('footer')]),
  isNewTab: Type.Optional(Type.Boolean()),
});

/** All 24 public settings of spec section 3. */
export const PublicSettingsSchema = Type.Object({
  siteName: Type.String({ minLength: 1, maxLength: L.siteNameMax }),
  logoUrl: SiteLink,
  darkmodeLogoUrl: SiteLink,
  favicon: SiteLink,
  menus: Type.Array(MenuItem, { maxItems: L.menuItemsMax }),
  /** Rich text, sanitised with the shared allow-list when stored. */
  footerContent: Type.String({ maxLength: L.footerContentMax }),
  gaCode: Type.String({ maxLength: 30, pattern: GA_CODE_PATTERN }),
  requireEmailVerification: Type.Boolean(),
  maintenanceMode: Type.Boolean(),
  maintenanceImage: SiteLink,
  stripePublishableKey: Type.String({ maxLength: L.keyMax, pattern: STRIPE_PUBLISHABLE_KEY_PATTERN }),
  agoraAppId: Type.String({ maxLength: L.keyMax, pattern: AGORA_APP_ID_PATTERN }),
  agoraEnable: Type.Boolean(),
  paymentGateway: Type.Enum([...PAYMENT_GATEWAY_NAMES]),
  /** Read-only: card payments run on the built-in sandbox (Stripe's test mode, TEST MODE banner). */
  paymentTestMode: Type.Boolean(),
  freeSubscriptionEnabled: Type.Boolean(),
  freeSubscriptionDuration: Type.Integer({ minimum: 1, maximum: L.freeSubscriptionDurationMax }),
  minimumSubscriptionPrice: Price,
  maximumSubscriptionPrice: Price,
  minimumWalletPrice: Price,
  maximumWalletPrice: Price,
  minimumTipPrice: Price,
  maximumTipPrice: Price,
  minimumPayoutAmount: Price,
  volume: Type.Number({ minimum: 0, maximum: 1 }),
  reCaptchaEnabled: Type.Boolean(),
  reCaptchaSiteKey: Type.String({ maxLength: L.keyMax, pattern: RECAPTCHA_SITE_KEY_PATTERN }),
});

/** Operator-only settings. */
export const PrivateSettingsSchema = Type.Object({
  blockedCountries: Type.Array(Type.String({ pattern: '^[A-Z]{2}$' }), { maxItems: L.blockedCountriesMax }),
  /** Tokens per 1 USD of top-up. */
  tokenConversionRate: Type.Number({ minimum: L.tokenConversionRateMin, maximum: L.tokenConversionRateMax }),
  /** The platform's share of gross, 0 to 0.9 (a creator keeps at least 10 %). */
  performerCommission: Type.Number({ minimum: 0, maximum: L.performerCommissionMax }),
  minimumContentPrice: Price,
  maximumContentPrice: Price,
  maxImageUploadMb: Type.Integer({ minimum: 1, maximum: 1024 }),
  maxVideoUploadMb: Type.Integer({ minimum: 1, maximum: 10240 }),
  maxAudioUploadMb: Type.Integer({ minimum: 1, maximum: 2048 }),
  maxDocumentUploadMb: Type.Integer({ minimum: 1, maximum: 10240 }),
  requireCreatorVerification: Type.Boolean(),
  adminEmail: Type.String({ maxLength: 254, pattern: OPTIONAL_EMAIL_PATTERN }),
});

export const AllSettingsSchema = Type.Object({ ...PublicSettingsSchema.properties, ...PrivateSettingsSchema.properties });
export type AllSettingsValues = Static<typeof AllSettingsSchema>;

/** The settings that hold an image an operator may upload instead of giving a link. */
export const SETTING_IMAGE_KEYS = ['logoUrl', 'darkmodeLogoUrl', 'favicon', 'maintenanceImage'] as const;
export type SettingImageKey = (typeof SETTING_IMAGE_KEYS)[number];

export const SettingImageUpload = Type.Object({ key: Type.Enum([...SETTING_IMAGE_KEYS]), url: Type.String() });
export type SettingImageUpload = Static<typeof SettingImageUpload>;

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
    summary: 'Change settings (validated by type, bounds and format; audited); answers every setting', tags: ['admin'],
    schema: {
      body: Type.Partial(AllSettingsSchema, { additionalProperties: false, minProperties: 1 }),
      // 422: a minimum price above its maximum.
      response: { 200: Envelope(AllSettingsSchema), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 422: ErrorBody },
    },
  }),
  adminImage: defineRoute({
    method: 'POST', url: '/admin/settings/images', auth: 'required', roles: ['admin'], multipart: true, tags: ['admin'],
    summary: 'Upload the logo, dark logo, favicon or maintenance image (multipart: file "image", field "key"): re-encoded, stored publicly and set at once (audited like PUT)',
    schema: { response: { 200: Envelope(SettingImageUpload), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 413: ErrorBody } },
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
