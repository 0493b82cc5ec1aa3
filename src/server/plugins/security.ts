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
 * CORS for the web origin, helmet's headers (computed once), and rate limits: a generous global one and a strict
 * one on sign-in, registration and reset routes. With REDIS_URL the counters are shared.
 */
export default fp(async function security(app: FastifyInstance) {
  const { config } = app;
  const warned = new Set<string>();
  await app.register(cors, {
    // A page from another origin gets no CORS headers, so its browser refuses the answer; the log
    // says once per origin which variable to change, since the browser console does not.
    origin: (origin, done) => {
      if (!origin || config.webOrigins.includes(origin)) return done(null, true);
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
  const headers = securityHeaders({ contentSecurityPolicy: false, crossOriginResourcePolicy: { policy: 'cross-origin' } });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
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
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      error: 'Too Many Requests',
      message: `Too many requests, please try again in ${Math.ceil(ctx.ttl / 1000)} seconds`,
    }),
  });
  app.decorate('authRateLimit', { max: config.rateLimitAuthMax, timeWindow: '1 minute' });
}, { name: 'security' });
