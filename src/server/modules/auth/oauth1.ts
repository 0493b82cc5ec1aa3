import crypto from 'node:crypto';

/** RFC 3986 percent-encoding, which OAuth 1.0a requires (encodeURIComponent leaves !*'() alone). */
export const percentEncode = (s: string) =>
  encodeURIComponent(s).replace(/[!*'()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export interface OAuth1Request {
  method: 'GET' | 'POST';
  /** Without query string: query parameters go in `params`. */
  url: string;
  consumerKey: string;
  consumerSecret: string;
  token?: string;
  tokenSecret?: string;
  /** Extra oauth_* parameters such as oauth_callback or oauth_verifier. */
  oauth?: Record<string, string>;
  /** Query and form-body parameters: they are part of the signature too. */
  params?: Record<string, string>;
  nonce?: string;
  timestamp?: number;
}

/** HMAC-SHA1 signature of RFC 5849 section 3.4. */
export function oauth1Signature(req: OAuth1Request, oauthParams: Record<string, string>): string {
  const all = { ...(req.params ?? {}), ...oauthParams };
  const paramString = Object.entries(all)
    .map(([k, v]) => [percentEncode(k), percentEncode(v)])
    .sort(([ak, av], [bk, bv]) => (ak === bk ? (av < bv ? -1 : 1) : ak < bk ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const base = [req.method, percentEncode(req.url), percentEncode(paramString)].join('&');
  const key = `${percentEncode(req.consumerSecret)}&${percentEncode(req.tokenSecret ?? '')}`;
  return crypto.createHmac('sha1', key).update(base).digest('base64');
}

/** The `Authorization: OAuth ...` header value for a request. */
export function oauth1Header(req: OAuth1Request): string {
  const oauthParams: Record<string, string> = {
    oauth_consumer_key: req.consumerKey,
    oauth_nonce: req.nonce ?? crypto.randomBytes(16).toString('hex'),
    oauth_signature_method: 'HMAC-SHA1',
    oauth_timestamp: String(req.timestamp ?? Math.floor(Date.now() / 1000)),
    oauth_version: '1.0',
    ...(req.token ? { oauth_token: req.token } : {}),
    ...(req.oauth ?? {}),
  };
  const signature = oauth1Signature(req, oauthParams);
  const parts = Object.entries({ ...oauthParams, oauth_signature: signature })
    .map(([k, v]) => `${percentEncode(k)}="${percentEncode(v)}"`)
    .join(', ');
  return `OAuth ${parts}`;
}
