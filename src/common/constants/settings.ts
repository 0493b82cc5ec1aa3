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

/** The card gateways the server knows (`paymentGateway`); the server's schema list must match it. */
export const PAYMENT_GATEWAY_NAMES = ['stripe', 'sandbox'] as const;
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
};

export type PublicSettings = typeof PUBLIC_SETTING_DEFAULTS;
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
