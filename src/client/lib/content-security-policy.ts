import type { IncomingMessage } from 'http';
import type { PublicSettings } from '@/common/constants/settings';

/**
 * The web pages' Content-Security-Policy (issue 15 section 4). The token lives in a cookie the
 * client reads, so an injected script could steal it: scripts run only with this response's
 * nonce (or when loaded by a script that had it, `'strict-dynamic'`), and the page may talk only
 * to this site, the API and the third parties the operator switched on.
 *
 * Built per request by `_app.getInitialProps` on the server (the settings are known there) and
 * sent as a header; `_document` puts the same nonce on every script it writes.
 */

/** What the page may reach besides itself and the API; each set only while configured. */
export interface CspFeatures {
  /** `gaCode` set: Google Analytics / Tag Manager. */
  analytics: boolean;
  /** `paymentGateway` is Stripe and not the built-in sandbox (test mode): Stripe.js, its frames and its API. */
  stripe: boolean;
  /** `agoraEnable`: the Agora video SDK's gateways (HTTPS and WebSocket). */
  agora: boolean;
  /**
   * `reCaptchaEnabled`: Google's widget. Allowed on every page, because a visitor may reach the
   * sign-in or contact form by client-side navigation under the policy of the page they landed
   * on; the script itself is only loaded by the forms that show the box.
   */
  recaptcha?: boolean;
}

export interface CspOptions extends CspFeatures {
  nonce: string;
  /** The API origin (runtime config `apiEndpoint`): fetches, the socket, and media it serves. */
  apiEndpoint: string;
  /** `next dev`: React refresh needs eval and its HMR socket. */
  dev?: boolean;
}

const GOOGLE_ANALYTICS = {
  script: ['https://www.googletagmanager.com'],
  connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
};
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};
/** reCAPTCHA v2: its script (and the gstatic one it loads) and the widget's frames. */
const RECAPTCHA = {
  script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
};
const AGORA = {
  connect: ['agora.io', 'sd-rtn.com', 'rtnsvc.com', 'rtesvc.com'].flatMap((d) => [`https://*.${d}`, `wss://*.${d}`]),
};
/**
 * Google sign-in (the button's script, frame and stylesheet). Whether Google is configured is an
 * API answer the page asks for itself, so these stay in the policy; they allow Google's sign-in
 * paths only, and scripts still need the nonce chain.
 */
const GOOGLE_SIGN_IN = {
  frame: ['https://accounts.google.com/gsi/'],
  connect: ['https://accounts.google.com/gsi/'],
  style: ['https://accounts.google.com/gsi/style'],
};

/** The API origin and its WebSocket twin (socket.io), or nothing when the endpoint is not a URL. */
function apiOrigins(apiEndpoint: string): { http: string; ws: string } | null {
  try {
    const url = new URL(apiEndpoint);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return { http: url.origin, ws: `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}` };
  } catch {
    return null;
  }
}

const NONCE_PATTERN = /^[A-Za-z0-9+/=_-]{16,}$/;

export function buildContentSecurityPolicy(options: CspOptions): string {
  const { nonce, dev = false, analytics, stripe, agora, recaptcha = false } = options;
  // A nonce is written into the header and the HTML: anything else would break out of both.
  if (!NONCE_PATTERN.test(nonce)) throw new Error('A CSP nonce must be at least 16 base64 characters');
  const api = apiOrigins(options.apiEndpoint);
  const when = (on: boolean, hosts: string[] | undefined) => (on && hosts ? hosts : []);

  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // Host lists are for browsers without 'strict-dynamic' (CSP 2); current ones follow the nonce.
    'script-src': [
      `'nonce-${nonce}'`, "'strict-dynamic'", "'self'",
      ...(dev ? ["'unsafe-eval'"] : []),
      ...when(analytics, GOOGLE_ANALYTICS.script), ...when(stripe, STRIPE.script), ...when(recaptcha, RECAPTCHA.script),
    ],
    // antd's CSS-in-JS writes <style> elements and React writes style attributes; CSS cannot read
    // the cookie, so inline styles stay allowed (a nonce would also have to reach every library
    // that injects a <style>, and style attributes cannot carry one).
    'style-src': ["'self'", "'unsafe-inline'", ...GOOGLE_SIGN_IN.style],
    // Media: the API's own files, S3 or a CDN (only known to the API), avatars from sign-in
    // providers, previews the browser makes (blob:, data:). None of these can run code.
    'img-src': ["'self'", 'data:', 'blob:', 'https:', ...(api ? [api.http] : [])],
    'media-src': ["'self'", 'data:', 'blob:', 'https:', ...(api ? [api.http] : [])],
    'font-src': ["'self'", 'data:'],
    'connect-src': [
      "'self'",
      ...(api ? [api.http, api.ws] : []),
      ...(dev ? ['ws:', 'wss:'] : []),
      ...GOOGLE_SIGN_IN.connect,
      ...when(analytics, GOOGLE_ANALYTICS.connect), ...when(stripe, STRIPE.connect), ...when(agora, AGORA.connect),
    ],
    'frame-src': ["'self'", ...GOOGLE_SIGN_IN.frame, ...when(stripe, STRIPE.frame), ...when(recaptcha, RECAPTCHA.frame)],
    // Video and audio SDKs may start workers from blob: URLs.
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'frame-ancestors': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${[...new Set(values)].join(' ')}`)
    .join('; ');
}

/** Which third parties the public settings switch on. */
export function cspFeatures(
  settings: Pick<PublicSettings, 'gaCode' | 'paymentGateway' | 'paymentTestMode' | 'agoraEnable' | 'reCaptchaEnabled'>,
): CspFeatures {
  return {
    analytics: Boolean(settings.gaCode),
    stripe: settings.paymentGateway === 'stripe' && !settings.paymentTestMode,
    agora: Boolean(settings.agoraEnable),
    recaptcha: Boolean(settings.reCaptchaEnabled),
  };
}

/** 128 random bits, base64: a fresh one for every response. */
export function createNonce(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

// A symbol on the request object: _app and _document are separate bundles, and a module-level
// map could exist twice; the request is the one object both see.
const NONCE_KEY = Symbol.for('creator-platform.csp-nonce');
type WithNonce = IncomingMessage & { [NONCE_KEY]?: string };

export function setRequestNonce(req: IncomingMessage, nonce: string): void {
  (req as WithNonce)[NONCE_KEY] = nonce;
}

/** The nonce `_app` chose for this request, if it sent a policy. */
export function requestNonce(req: IncomingMessage | undefined): string | undefined {
  return req ? (req as WithNonce)[NONCE_KEY] : undefined;
}

export const CSP_HEADER = 'Content-Security-Policy';

/**
 * Server side of a page load: a fresh nonce and the policy for the current settings, sent as a
 * header and kept on the request for `_document`.
 */
export function applyContentSecurityPolicy(
  req: IncomingMessage,
  res: { setHeader(name: string, value: string): unknown; headersSent?: boolean },
  options: Omit<CspOptions, 'nonce'>,
): string {
  const nonce = createNonce();
  setRequestNonce(req, nonce);
  if (!res.headersSent) res.setHeader(CSP_HEADER, buildContentSecurityPolicy({ ...options, nonce }));
  return nonce;
}
