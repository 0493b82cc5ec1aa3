/**
 * Site settings the server delivers to every visitor (spec section 3) with the defaults of spec
 * section 9. Stored values override them; `GET /settings/public` returns all of them.
 */
export interface MenuItem {
  title: string;
  path: string;
  section: 'header' | 'footer';
  /** Opens in a new tab; for links off the site. */
  isNewTab?: boolean;
}

/**
 * The card provider's lowercase name (`paymentGateway`, spec 9): the `/{gateway}/...` URL segment.
 * Without Stripe keys the server answers under this name with its built-in sandbox, Stripe's test
 * mode (`paymentTestMode`). A stored "sandbox" from an older release is no longer valid and reads
 * as the default.
 */
export const PAYMENT_GATEWAY_NAMES = ['stripe'] as const;
export type PaymentGatewayName = (typeof PAYMENT_GATEWAY_NAMES)[number];

export const PUBLIC_SETTING_DEFAULTS = {
  siteName: 'Creator Platform',
  logoUrl: '',
  darkmodeLogoUrl: '',
  favicon: '/favicon.ico',
  menus: [] as MenuItem[],
  footerContent: '',
  gaCode: '',
  requireEmailVerification: false,
  maintenanceMode: false,
  maintenanceImage: '/images/maintenance.svg',
  stripePublishableKey: '',
  agoraAppId: '',
  agoraEnable: false,
  /** The card payment provider's lowercase name. */
  paymentGateway: 'stripe' as PaymentGatewayName,
  /**
   * Derived by the server, never stored: true while card payments run on the built-in sandbox
   * (no Stripe keys), so the web shows TEST MODE and the test cards instead of Stripe's card form.
   */
  paymentTestMode: false,
  freeSubscriptionEnabled: true,
  freeSubscriptionDuration: 1,
  minimumSubscriptionPrice: 2.95,
  maximumSubscriptionPrice: 300,
  minimumWalletPrice: 2.95,
  maximumWalletPrice: 300,
  minimumTipPrice: 10,
  maximumTipPrice: 10000,
  minimumPayoutAmount: 50,
  volume: 1,
  /**
   * Registration, forgot password, contact and a sign-in after three failures ask for a reCAPTCHA
   * token. Publicly it reads true only when the site key and the API's RECAPTCHA_SECRET_KEY are set too.
   */
  reCaptchaEnabled: false,
  /** The widget's site key from Google's reCAPTCHA admin console (v2 checkbox). */
  reCaptchaSiteKey: '',
};

export type PublicSettings = typeof PUBLIC_SETTING_DEFAULTS;
/** Public values the server works out from its configuration; refused by every way of setting one. */
export const DERIVED_SETTING_KEYS: readonly string[] = ['paymentTestMode'];
export type PublicSettingKey = keyof PublicSettings;
export const PUBLIC_SETTING_KEYS = Object.keys(PUBLIC_SETTING_DEFAULTS) as PublicSettingKey[];

/** Operator-only settings: never sent by `GET /settings/public`. */
export const PRIVATE_SETTING_DEFAULTS = {
  /** Site-wide blocked countries (ISO 3166-1 alpha-2, upper case): drives the geo-blocked layout. */
  blockedCountries: [] as string[],
  /** Tokens credited per 1 USD of top-up. */
  tokenConversionRate: 1,
  /** Share of gross kept by the platform. */
  performerCommission: 0.2,
  /** Token price bounds for a feed, video or gallery for sale, and for a store product. */
  minimumContentPrice: 1,
  maximumContentPrice: 1000,
  /** Upload size limits per kind of file, in megabytes (checked while the upload streams in). */
  maxImageUploadMb: 20,
  maxVideoUploadMb: 1024,
  maxAudioUploadMb: 200,
  maxDocumentUploadMb: 500,
  /**
   * Creators are paid and listed only once an operator approved their identity documents. Off,
   * every creator can be paid at once (a site that checks identities some other way).
   */
  requireCreatorVerification: true,
  /** Where contact messages and operator alerts are mailed; empty: kept in the console only. */
  adminEmail: '',
};

export type PrivateSettings = typeof PRIVATE_SETTING_DEFAULTS;
export type SettingKey = PublicSettingKey | keyof PrivateSettings;
export type AllSettings = PublicSettings & PrivateSettings;
