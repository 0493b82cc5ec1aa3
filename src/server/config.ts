import { isIP } from 'node:net';
import path from 'node:path';
import { MESSAGE_RATE_PER_MINUTE } from '../common/contract/messaging';

/**
 * Every setting the API reads from the environment, with its embedded default.
 * `.env.example` documents the same list; a bad value stops start-up with a message
 * naming the variable, so a typo never silently falls back to a default.
 */
export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  apiPort: number;
  webPort: number;
  apiEndpoint: string;
  webOrigin: string;
  /**
   * Browser origins the API and its socket server accept (CORS): WEB_ORIGIN, and when that is a
   * local address (localhost, 127.0.0.1, [::1]) its other spellings on the same port, so a page
   * opened at http://127.0.0.1:3000 signs in as well as one at http://localhost:3000.
   */
  webOrigins: string[];
  /** False when WEB_ORIGIN was left unset: in production that is worth a start-up warning. */
  webOriginSet: boolean;
  dataDir: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  /** Namespaces every Redis key, so several deployments or test runs can share one server. */
  redisPrefix: string;
  jwtSecret: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  rateLimitMax: number;
  rateLimitAuthMax: number;
  /** Private messages one account may send per minute (429 beyond). */
  messageRatePerMinute: number;
  /** A data export of at most this many rows (messages, money entries, files) is built in the request; larger ones in the background. */
  dataExportInlineMaxRows: number;
  clientHashPassword: boolean;
  /**
   * Which forwarded headers (X-Forwarded-For/-Proto/-Host) Fastify believes, as its `trustProxy`:
   * false = none (the socket address is the client), a hop count, or proxy addresses/CIDRs.
   */
  trustProxy: TrustProxy;
  seedDemo: boolean;
  google: { clientId: string; clientSecret: string; certsUrl: string; tokenUrl: string } | null;
  twitter: { consumerKey: string; consumerSecret: string; apiUrl: string } | null;
  /** S3-compatible object storage for uploads; null keeps them on disk under DATA_DIR/uploads. */
  s3: S3Config | null;
  media: MediaConfig;
  /** The Stripe gateway; null runs the built-in sandbox (TEST MODE). */
  stripe: StripeConfig | null;
  /** Agora's app certificate (32 hex): signs RTC tokens offline; null keeps live streaming off. */
  agoraAppCertificate: string | null;
  /** reCAPTCHA's secret (null keeps it off whatever the settings say) and Google's siteverify URL. */
  recaptcha: { secretKey: string | null; verifyUrl: string };
  /** The bearer token Prometheus presents at GET /metrics; null keeps the endpoint off (404). */
  metricsToken: string | null;
}

export interface StripeConfig {
  secretKey: string;
  /** Signs `POST /stripe/webhook` deliveries (whsec_...). */
  webhookSecret: string;
  /** For Stripe Elements in the browser (pk_...); null hides the card form. */
  publishableKey: string | null;
  /** Only to point the SDK at a stand-in in tests; null is Stripe itself. */
  apiUrl: string | null;
}

export interface S3Config {
  bucket: string;
  /** Null = AWS itself; set for MinIO, R2, Wasabi and the like. */
  endpoint: string | null;
  region: string;
  /** Null = the SDK's default credential chain (instance role, AWS_* variables). */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  forcePathStyle: boolean;
}

export interface MediaConfig {
  /** Video/audio jobs run at once by each API instance; transcoding is CPU-heavy. */
  jobConcurrency: number;
  /** How long a signed media URL stays valid (before rounding up to the next 15 minutes). */
  urlTtlSeconds: number;
  /** One ffmpeg run longer than this is killed and the file marked failed. */
  jobTimeoutSeconds: number;
  /** Null = the binary of @ffmpeg-installer/ffmpeg. */
  ffmpegPath: string | null;
}

const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** WEB_ORIGIN plus, for a local address, the same scheme and port under the other local names. */
export function webOriginsFor(webOrigin: string): string[] {
  const parsed = new URL(webOrigin);
  const origin = parsed.origin;
  if (!LOCAL_HOSTS.includes(parsed.hostname)) return [origin];
  const port = parsed.port ? `:${parsed.port}` : '';
  return [origin, ...LOCAL_HOSTS.filter((h) => h !== parsed.hostname).map((h) => `${parsed.protocol}//${h}${port}`)];
}

/**
 * What is worth saying at start-up about the browser origin: in production an unset or local
 * WEB_ORIGIN means every page served from the real address fails on CORS.
 */
export function webOriginWarning(config: Pick<Config, 'env' | 'webOrigin' | 'webOriginSet'>): string | null {
  if (config.env !== 'production') return null;
  const local = LOCAL_HOSTS.includes(new URL(config.webOrigin).hostname);
  if (config.webOriginSet && !local) return null;
  return `WEB_ORIGIN is ${config.webOriginSet ? '' : 'not set, so it is '}${config.webOrigin}: browsers on any other address get CORS errors from the API. Set WEB_ORIGIN to the address people open (e.g. https://example.com).`;
}

export type TrustProxy = false | number | string[];

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY lists. */
const TRUST_PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

function validAddressOrCidr(entry: string): boolean {
  if (TRUST_PROXY_RANGES.includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  if (family === 4 && isIP(prefix) === 4) return true; // 10.0.0.0/255.0.0.0
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset, `false` or `0` = trust no forwarded header; a whole number = that many proxy
 * hops in front of the API; otherwise a comma-separated list of proxy addresses or CIDRs (and
 * proxy-addr's `loopback`, `linklocal`, `uniquelocal`). `true` (trust any sender) is refused:
 * then whoever sends X-Forwarded-For picks the address the rate limits count.
 */
function trustProxy(env: Env): TrustProxy {
  const raw = (env.TRUST_PROXY ?? '').trim();
  if (raw === '' || raw === 'false' || raw === '0') return false;
  if (raw === 'true') {
    throw new ConfigError('TRUST_PROXY', 'must be a hop count (e.g. 1) or proxy addresses; "true" would let any client choose its own address with X-Forwarded-For');
  }
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > 20) throw new ConfigError('TRUST_PROXY', `must be a hop count between 0 and 20, got ${hops}`);
    return hops;
  }
  const entries = raw.split(',').map((e) => e.trim());
  const bad = entries.find((e) => !validAddressOrCidr(e));
  if (bad !== undefined) {
    throw new ConfigError('TRUST_PROXY', `must be false, a hop count or a comma-separated list of proxy IP addresses/CIDRs, got "${bad}"`);
  }
  return entries;
}

export class ConfigError extends Error {
  constructor(variable: string, problem: string) {
    super(`Invalid configuration: ${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function str(env: Env, name: string, fallback: string): string {
  const v = env[name];
  return v === undefined || v === '' ? fallback : v;
}

function optional(env: Env, name: string): string | null {
  const v = env[name];
  return v === undefined || v === '' ? null : v;
}

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `must be a whole number, got "${raw}"`);
  const n = Number(raw);
  if (n < min || n > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${n}`);
  return n;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new ConfigError(name, `must be true or false, got "${raw}"`);
}

function url(env: Env, name: string, fallback: string | null, protocols: string[]): string | null {
  const raw = optional(env, name) ?? fallback;
  if (raw === null) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, `must be a URL, got "${raw}"`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `must use ${protocols.join(' or ')}, got "${parsed.protocol}"`);
  }
  return raw.replace(/\/$/, '');
}

function oneOf<T extends string>(env: Env, name: string, fallback: T, allowed: readonly T[]): T {
  const raw = str(env, name, fallback);
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(name, `must be one of ${allowed.join(', ')}, got "${raw}"`);
  }
  return raw as T;
}

/** Both keys of a pair are needed; one without the other is a configuration mistake. */
function pair(env: Env, a: string, b: string): [string, string] | null {
  const va = optional(env, a);
  const vb = optional(env, b);
  if (!va && !vb) return null;
  if (!va) throw new ConfigError(a, `is required when ${b} is set`);
  if (!vb) throw new ConfigError(b, `is required when ${a} is set`);
  return [va, vb];
}

export function loadConfig(env: Env = process.env): Config {
  const nodeEnv = oneOf(env, 'NODE_ENV', 'development', ['development', 'production', 'test'] as const);
  const apiPort = int(env, 'API_PORT', 8080, 0, 65535);
  const webPort = int(env, 'PORT', 3000, 0, 65535);
  const google = pair(env, 'GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET');
  const twitter = pair(env, 'TWITTER_CONSUMER_KEY', 'TWITTER_CONSUMER_SECRET');
  const s3Keys = pair(env, 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY');
  const s3Bucket = optional(env, 'S3_BUCKET');
  const jwtSecret = optional(env, 'JWT_SECRET');
  const stripe = pair(env, 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET');
  const agoraAppCertificate = optional(env, 'AGORA_APP_CERTIFICATE');
  if (agoraAppCertificate !== null && !/^[0-9a-fA-F]{32}$/.test(agoraAppCertificate)) {
    throw new ConfigError('AGORA_APP_CERTIFICATE', 'must be the 32 hexadecimal characters of the Agora console');
  }
  const webOrigin = url(env, 'WEB_ORIGIN', `http://localhost:${webPort}`, ['http:', 'https:'])!;
  if (jwtSecret !== null && jwtSecret.length < 32) {
    throw new ConfigError('JWT_SECRET', 'must be at least 32 characters long');
  }
  const metricsToken = optional(env, 'METRICS_TOKEN');
  if (metricsToken !== null && metricsToken.length < 16) {
    throw new ConfigError('METRICS_TOKEN', 'must be at least 16 characters long');
  }
  return {
    env: nodeEnv,
    host: str(env, 'HOST', '0.0.0.0'),
    apiPort,
    webPort,
    apiEndpoint: url(env, 'API_ENDPOINT', `http://localhost:${apiPort}`, ['http:', 'https:'])!,
    webOrigin,
    webOrigins: webOriginsFor(webOrigin),
    webOriginSet: optional(env, 'WEB_ORIGIN') !== null,
    dataDir: path.resolve(str(env, 'DATA_DIR', './data')),
    databaseUrl: url(env, 'DATABASE_URL', null, ['postgres:', 'postgresql:', 'memory:']),
    redisUrl: url(env, 'REDIS_URL', null, ['redis:', 'rediss:']),
    redisPrefix: str(env, 'REDIS_PREFIX', 'cp'),
    dataExportInlineMaxRows: int(env, 'DATA_EXPORT_INLINE_MAX_ROWS', 2000, 0, 1_000_000),
    jwtSecret,
    smtpUrl: url(env, 'SMTP_URL', null, ['smtp:', 'smtps:']),
    mailFrom: str(env, 'MAIL_FROM', 'Creator Platform <no-reply@localhost>'),
    logLevel: oneOf(env, 'LOG_LEVEL', nodeEnv === 'test' ? 'silent' : 'info', [
      'fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent',
    ] as const),
    rateLimitMax: int(env, 'RATE_LIMIT_MAX', 600, 1, 1_000_000),
    rateLimitAuthMax: int(env, 'RATE_LIMIT_AUTH_MAX', 20, 1, 1_000_000),
    messageRatePerMinute: int(env, 'MESSAGE_RATE_PER_MINUTE', MESSAGE_RATE_PER_MINUTE, 1, 100_000_000),
    clientHashPassword: bool(env, 'CLIENT_HASH_PASSWORD', false),
    trustProxy: trustProxy(env),
    seedDemo: bool(env, 'SEED_DEMO', true),
    google: google && {
      clientId: google[0],
      clientSecret: google[1],
      certsUrl: url(env, 'GOOGLE_CERTS_URL', 'https://www.googleapis.com/oauth2/v3/certs', ['http:', 'https:'])!,
      tokenUrl: url(env, 'GOOGLE_TOKEN_URL', 'https://oauth2.googleapis.com/token', ['http:', 'https:'])!,
    },
    twitter: twitter && {
      consumerKey: twitter[0],
      consumerSecret: twitter[1],
      apiUrl: url(env, 'TWITTER_API_URL', 'https://api.twitter.com', ['http:', 'https:'])!,
    },
    s3: s3Bucket === null ? null : {
      bucket: s3Bucket,
      endpoint: url(env, 'S3_ENDPOINT', null, ['http:', 'https:']),
      region: str(env, 'S3_REGION', 'us-east-1'),
      accessKeyId: s3Keys?.[0] ?? null,
      secretAccessKey: s3Keys?.[1] ?? null,
      forcePathStyle: bool(env, 'S3_FORCE_PATH_STYLE', false),
    },
    media: {
      jobConcurrency: int(env, 'MEDIA_JOB_CONCURRENCY', 1, 1, 32),
      urlTtlSeconds: int(env, 'MEDIA_URL_TTL_SECONDS', 3600, 60, 7 * 24 * 3600),
      jobTimeoutSeconds: int(env, 'MEDIA_JOB_TIMEOUT_SECONDS', 3600, 10, 24 * 3600),
      ffmpegPath: optional(env, 'FFMPEG_PATH'),
    },
    stripe: stripe && {
      secretKey: stripe[0],
      webhookSecret: stripe[1],
      publishableKey: optional(env, 'STRIPE_PUBLISHABLE_KEY'),
      apiUrl: url(env, 'STRIPE_API_URL', null, ['http:', 'https:']),
    },
    agoraAppCertificate,
    recaptcha: {
      secretKey: optional(env, 'RECAPTCHA_SECRET_KEY'),
      verifyUrl: url(env, 'RECAPTCHA_VERIFY_URL', 'https://www.google.com/recaptcha/api/siteverify', ['http:', 'https:'])!,
    },
    metricsToken,
  };
}

/** For entry points: a bad setting prints its message and exits (78 = configuration error). */
export function loadConfigOrExit(env: Env = process.env): Config {
  try {
    return loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }
}
