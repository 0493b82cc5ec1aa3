import crypto from 'node:crypto';
import { MEDIA_PREFIX } from '../storage/storage';

/** Expiries are rounded up to this step, so one file keeps the same URL for a while. */
export const EXPIRY_STEP_SECONDS = 15 * 60;

export type SignatureCheck = 'valid' | 'expired' | 'invalid';

export interface UrlSigner {
  /**
   * `${base}/<key without media/>?exp=..&sig=..[&dl=name]`; `download` makes the file an attachment
   * of that name; `until` replaces the TTL with that moment (a data export's links last as long as it).
   */
  url(key: string, opts?: { download?: string; until?: Date }): string;
  check(key: string, query: { exp?: string; sig?: string; dl?: string }): SignatureCheck;
  /** Seconds from now until `exp` (for Cache-Control). */
  secondsLeft(exp: string): number;
  /** For tests and tools: a signature for any expiry. */
  sign(key: string, exp: number, download?: string): string;
}

/**
 * Signed media URLs. The HMAC key is derived from the token secret rather than being the secret
 * itself, so a signature can never double as a token signature. The signed text holds the key,
 * the expiry and the download name, so none can be changed. Expiry = now + TTL rounded up to the
 * next 15 minutes: every page render within that window hands out the same URL, so browsers cache
 * the file and server-side and client-side renders agree.
 */
export function createUrlSigner(opts: {
  secret: Uint8Array;
  ttlSeconds: number;
  baseUrl: string;
  now?: () => number;
  /** The storage folder this signer serves (media/ by default); `url` refuses other keys. */
  prefix?: string;
  /** Expiries are rounded up to this step (15 minutes by default; 1 = exactly now + TTL). */
  stepSeconds?: number;
  /**
   * Derives this signer's own HMAC key: a signature made for one kind of file (a content file)
   * never opens another (an identity document), whatever the path.
   */
  purpose?: string;
}): UrlSigner {
  const prefix = opts.prefix ?? MEDIA_PREFIX;
  const step = opts.stepSeconds ?? EXPIRY_STEP_SECONDS;
  const hmacKey = crypto.createHmac('sha256', opts.secret).update(opts.purpose ?? 'media-url-signature/v1').digest();
  const now = opts.now ?? Date.now;
  const sign = (key: string, exp: number, download?: string) =>
    crypto.createHmac('sha256', hmacKey).update(`${key}\n${exp}\n${download ?? ''}`).digest('base64url');
  const nowSeconds = () => Math.floor(now() / 1000);

  return {
    sign,

    url(key, { download, until } = {}) {
      if (!key.startsWith(prefix)) throw new Error(`Not a ${prefix} storage key: ${key}`);
      const exp = until ? Math.ceil(until.getTime() / 1000) : Math.ceil((nowSeconds() + opts.ttlSeconds) / step) * step;
      const query = new URLSearchParams({ exp: String(exp), sig: sign(key, exp, download) });
      if (download) query.set('dl', download);
      return `${opts.baseUrl}/${key.slice(prefix.length)}?${query.toString()}`;
    },

    check(key, { exp, sig, dl }) {
      if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return 'invalid';
      const expected = Buffer.from(sign(key, Number(exp), dl));
      const given = Buffer.from(sig);
      // Compared in constant time: the answer must not reveal how many leading characters matched.
      if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return 'invalid';
      return Number(exp) <= nowSeconds() ? 'expired' : 'valid';
    },

    secondsLeft(exp) {
      return Math.max(0, Number(exp) - nowSeconds());
    },
  };
}
