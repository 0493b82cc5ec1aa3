import crypto from 'node:crypto';
import { MEDIA_PREFIX } from '../storage/storage';

/** Expiries are rounded up to this step, so one file keeps the same URL for a while. */
export const EXPIRY_STEP_SECONDS = 15 * 60;

/** Plain URLs remembered per signer (about 2 MB at most); past that the memory starts again. */
const ISSUED_MAX = 10_000;

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
  // The plain URL of a key is the same for every viewer until its expiry step moves on: a page of
  // posts signs two or three per file, so each is signed once per step, not once per request.
  const issued = new Map<string, { exp: number; url: string }>();

  return {
    sign,

    url(key, { download, until } = {}) {
      if (!key.startsWith(prefix)) throw new Error(`Not a ${prefix} storage key: ${key}`);
      const exp = until ? Math.ceil(until.getTime() / 1000) : Math.ceil((nowSeconds() + opts.ttlSeconds) / step) * step;
      const plain = !download && !until;
      if (plain) {
        const known = issued.get(key);
        if (known?.exp === exp) return known.url;
      }
      const query = new URLSearchParams({ exp: String(exp), sig: sign(key, exp, download) });
      if (download) query.set('dl', download);
      const url = `${opts.baseUrl}/${key.slice(prefix.length)}?${query.toString()}`;
      if (plain) {
        if (issued.size >= ISSUED_MAX) issued.clear();
        issued.set(key, { exp, url });
      }
      return url;
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
