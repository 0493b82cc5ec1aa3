import crypto from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { Config } from './config';
import errors from './plugins/errors';
import db from './plugins/db';
import security from './plugins/security';
import docs from './plugins/docs';
import auth from './plugins/auth';
import health from './modules/health/health.routes';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

export interface BuildOptions {
  /** Pino logger options override; tests pass false. */
  logger?: boolean | object;
}

/** The whole API as one Fastify instance: used by main.ts, the tests and the scripts. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? (config.logLevel === 'silent' ? false : { level: config.logLevel }),
    trustProxy: config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    bodyLimit: 1024 * 1024,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true } },
  });
  app.decorate('config', config);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(errors);
  await app.register(security);
  await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 5, fields: 50 } });
  await app.register(docs);
  await app.register(db);
  await app.register(auth);

  await app.register(health);
  return app;
}
