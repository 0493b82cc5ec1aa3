import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { securityHeaders } from '../lib/security-headers';

declare module 'fastify' {
  interface FastifyInstance {
    authRateLimit: RateLimitOptions;
  }
}

/**
 * The helmet headers that mean something on what the API answers (JSON, and files the web embeds
 * from another origin): no sniffing, no framing, HTTPS only, embeddable cross-origin. helmet's
 * others (COOP, Origin-Agent-Cluster, X-DNS-Prefetch-Control, X-Download-Options,
 * X-Permitted-Cross-Domain-Policies, X-XSS-Protection, Referrer-Policy) govern HTML documents; the
 * API's only ones, the /docs pages, get them there (plugins/docs.ts). Every header is work for
 * both ends of every request: the full set cost a fifth of a light request (README "API bench").
 */
export const API_HEADERS = securityHeaders({
  contentSecurityPolicy: false,
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
});

/** helmet's document headers, for the pages the API serves (/docs). */
export const DOCUMENT_HEADERS = securityHeaders({ contentSecurityPolicy: false, crossOriginResourcePolicy: false });

/**
 * CORS for the web origin, the API's security headers (computed once), and rate limits: a generous global one and a strict
 * one on sign-in, registration and reset routes. With REDIS_URL the counters are shared.
 */
export default fp(async function security(app: FastifyInstance) {
  const { config } = app;
  const warned = new Set<string>();
  await app.register(cors, {
    // A page from another origin gets no CORS headers, so its browser refuses the answer; the log
    // says once per origin which variable to change, since the browser console does not.
    // A request without an Origin is not a browser's cross-origin one: it needs no CORS headers
    // (the plugin still sends `Vary: Origin`, so a cache keeps the two kinds apart).
    origin: (origin, done) => {
      if (!origin) return done(null, false);
      if (config.webOrigins.includes(origin)) return done(null, true);
      if (!warned.has(origin) && warned.size < 100) {
        warned.add(origin);
        app.log.warn({ origin, allowed: config.webOrigins }, `refused a browser request from ${origin}: not WEB_ORIGIN (${config.webOrigin})`);
      }
      done(null, false);
    },
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    exposedHeaders: ['x-request-id'],
  });
  // The API serves JSON and files to another origin; the page-level CSP belongs to the web app.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(API_HEADERS);
    done();
  });

  let redis: Redis | undefined;
  if (config.redisUrl) {
    redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: false });
    // Without a listener ioredis reports connection loss as an unhandled error event.
    redis.on('error', (err) => app.log.warn({ err }, 'rate-limit redis error'));
    app.addHook('onClose', async () => void (await redis!.quit()));
  }
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitMax,
    timeWindow: '1 minute',
    ...(redis ? { redis, nameSpace: `rl:${config.redisPrefix}:` } : {}),
    // The counters are told only with a refusal (429 with Retry-After and the three X-RateLimit
    // headers): no client reads them before, and three headers on every answer cost both ends.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      error: 'Too Many Requests',
      message: `Too many requests, please try again in ${Math.ceil(ctx.ttl / 1000)} seconds`,
    }),
  });
  app.decorate('authRateLimit', { max: config.rateLimitAuthMax, timeWindow: '1 minute' });
}, { name: 'security' });
