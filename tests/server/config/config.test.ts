import path from 'node:path';
import { ConfigError, loadConfig, webOriginWarning } from '../../../src/server/config';
import { startTestServer } from '../../support/server';

jest.setTimeout(30_000);

describe('loadConfig', () => {
  it('runs on embedded defaults with an empty environment', () => {
    expect(loadConfig({})).toEqual({
      env: 'development',
      host: '0.0.0.0',
      apiPort: 8080,
      webPort: 3000,
      apiEndpoint: 'http://localhost:8080',
      webOrigin: 'http://localhost:3000',
      webOrigins: ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'],
      webOriginSet: false,
      dataDir: path.resolve('./data'),
      databaseUrl: null,
      redisUrl: null,
      redisPrefix: 'cp',
      jwtSecret: null,
      smtpUrl: null,
      mailFrom: 'Creator Platform <no-reply@localhost>',
      logLevel: 'info',
      rateLimitMax: 600,
      rateLimitAuthMax: 20,
      messageRatePerMinute: 30,
      metricsToken: null,
      stripe: null,
      clientHashPassword: false,
      trustProxy: false,
      dataExportInlineMaxRows: 2000,
      seedDemo: true,
      google: null,
      twitter: null,
      s3: null,
      media: { jobConcurrency: 1, urlTtlSeconds: 3600, jobTimeoutSeconds: 3600, ffmpegPath: null },
      agoraAppCertificate: null,
      recaptcha: { secretKey: null, verifyUrl: 'https://www.google.com/recaptcha/api/siteverify' },
    });
  });

  it('accepts every spelling of a local web origin, and only the one set otherwise', () => {
    expect(loadConfig({ WEB_ORIGIN: 'http://127.0.0.1:4000' }).webOrigins).toEqual([
      'http://127.0.0.1:4000', 'http://localhost:4000', 'http://[::1]:4000',
    ]);
    expect(loadConfig({ WEB_ORIGIN: 'https://fans.example.com/' }).webOrigins).toEqual(['https://fans.example.com']);
  });

  it('warns at start-up in production when WEB_ORIGIN is unset or local, naming WEB_ORIGIN', () => {
    expect(webOriginWarning(loadConfig({}))).toBeNull();
    expect(webOriginWarning(loadConfig({ NODE_ENV: 'production' }))).toMatch(/^WEB_ORIGIN is not set, so it is http:\/\/localhost:3000/);
    expect(webOriginWarning(loadConfig({ NODE_ENV: 'production', WEB_ORIGIN: 'http://127.0.0.1:3000' }))).toMatch(/Set WEB_ORIGIN to the address people open/);
    expect(webOriginWarning(loadConfig({ NODE_ENV: 'production', WEB_ORIGIN: 'https://fans.example.com' }))).toBeNull();
  });

  it('reads TRUST_PROXY as off, a hop count or a list of proxy addresses', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: ' 2 ' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1,fd00::/8,loopback, 172.16.0.0/255.240.0.0' }).trustProxy)
      .toEqual(['10.0.0.1', '192.168.0.0/16', '::1', 'fd00::/8', 'loopback', '172.16.0.0/255.240.0.0']);
  });

  it('reads the Agora certificate and refuses one that is not 32 hex characters', () => {
    expect(loadConfig({ AGORA_APP_CERTIFICATE: 'fedcba9876543210fedcba9876543210' }).agoraAppCertificate).toBe('fedcba9876543210fedcba9876543210');
    expect(() => loadConfig({ AGORA_APP_CERTIFICATE: 'secret' })).toThrow(/AGORA_APP_CERTIFICATE must be the 32 hexadecimal characters/);
  });

  it('derives dependent defaults and reads set values', () => {
    const config = loadConfig({
      NODE_ENV: 'test', API_PORT: '9000', API_ENDPOINT: 'https://api.example.com/', DATABASE_URL: 'postgres://u@db/x',
      REDIS_URL: 'redis://cache:6379', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret', CLIENT_HASH_PASSWORD: '1',
    });
    expect(config).toMatchObject({
      env: 'test', apiPort: 9000, logLevel: 'silent', apiEndpoint: 'https://api.example.com', clientHashPassword: true,
      databaseUrl: 'postgres://u@db/x', redisUrl: 'redis://cache:6379',
      google: { clientId: 'id', clientSecret: 'secret', certsUrl: 'https://www.googleapis.com/oauth2/v3/certs' },
    });
    expect(loadConfig({ API_PORT: '9000' }).apiEndpoint).toBe('http://localhost:9000');
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }).stripe)
      .toEqual({ secretKey: 'sk_test_1', webhookSecret: 'whsec_1', publishableKey: null, apiUrl: null });
  });

  it.each([
    [{ API_PORT: 'abc' }, 'API_PORT', /whole number/],
    [{ API_PORT: '70000' }, 'API_PORT', /between 0 and 65535/],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL', /postgres/],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL', /must be a URL/],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL', /one of fatal, error/],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV', /one of development/],
    [{ GOOGLE_CLIENT_ID: 'id' }, 'GOOGLE_CLIENT_SECRET', /required when GOOGLE_CLIENT_ID is set/],
    [{ TWITTER_CONSUMER_SECRET: 's' }, 'TWITTER_CONSUMER_KEY', /required when TWITTER_CONSUMER_SECRET is set/],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET', /at least 32 characters/],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN', /at least 16 characters/],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY', /false, a hop count or a comma-separated list .* got "maybe"/],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY', /hop count \(e\.g\. 1\) or proxy addresses/],
    [{ TRUST_PROXY: '10.0.0.1, 10.0.0.0/33' }, 'TRUST_PROXY', /got "10\.0\.0\.0\/33"/],
    [{ TRUST_PROXY: '10.0.0.1,,10.0.0.2' }, 'TRUST_PROXY', /got ""/],
    [{ TRUST_PROXY: '99' }, 'TRUST_PROXY', /between 0 and 20/],
    [{ REDIS_URL: 'http://cache' }, 'REDIS_URL', /redis/],
    [{ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' }, 'S3_SECRET_ACCESS_KEY', /required when S3_ACCESS_KEY_ID is set/],
    [{ S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT', /http/],
    [{ MEDIA_JOB_CONCURRENCY: '0' }, 'MEDIA_JOB_CONCURRENCY', /between 1 and 32/],
    [{ MEDIA_URL_TTL_SECONDS: '10' }, 'MEDIA_URL_TTL_SECONDS', /between 60/],
    [{ STRIPE_SECRET_KEY: 'sk_live_x' }, 'STRIPE_WEBHOOK_SECRET', /required when STRIPE_SECRET_KEY is set/],
    [{ STRIPE_SECRET_KEY: 'sk', STRIPE_WEBHOOK_SECRET: 'whsec', STRIPE_API_URL: 'stripe.test' }, 'STRIPE_API_URL', /must be a URL/],
    [{ MESSAGE_RATE_PER_MINUTE: '0' }, 'MESSAGE_RATE_PER_MINUTE', /between 1/],
  ])('stops on %p with a message naming %s', (env, variable, problem) => {
    let error: unknown;
    try {
      loadConfig(env as Record<string, string>);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(new RegExp(`^Invalid configuration: ${variable} `));
    expect((error as Error).message).toMatch(problem);
  });
});

describe('site setting defaults (spec section 9)', () => {
  it('are what GET /settings/public answers on a fresh database', async () => {
    const server = await startTestServer();
    try {
      const res = await server.app.inject({ method: 'GET', url: '/settings/public' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        requireEmailVerification: false,
        // 'stripe' (spec 9) with or without keys; without them the built-in sandbox answers as
        // Stripe's test mode.
        paymentGateway: 'stripe',
        paymentTestMode: true,
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
        maintenanceMode: false,
        favicon: '/favicon.ico',
      });
    } finally {
      await server.close();
    }
  });
});
