import crypto from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { Config } from './config';
import { lazySchemaCompilers } from './lib/lazy-schema-compilers';
import { logDestination } from './lib/log-destination';
import { AccessLog, lazyRequestLogger } from './lib/access-log';
import errors, { frameworkErrors } from './plugins/errors';
import input, { trimKeyword } from './plugins/input';
import db from './plugins/db';
import security from './plugins/security';
import docs from './plugins/docs';
import metrics from './plugins/metrics';
import auth from './plugins/auth';
import changeCaches from './plugins/change-caches';
import settings from './plugins/settings';
import realtime from './plugins/realtime';
import idempotency from './plugins/idempotency';
import health from './modules/health/health.routes';
import auditModule from './modules/audit/audit.routes';
import mail from './plugins/mail';
import background from './plugins/background';
import storage from './plugins/storage';
import notificationsModule from './modules/notifications/notifications.routes';
import authRoutes from './modules/auth/auth.routes';
import accountSecurityRoutes from './modules/auth/account-security.routes';
import usersRoutes from './modules/users/users.routes';
import performersRoutes from './modules/performers/performers.routes';
import performerSearchRoutes from './modules/performers/performer-search.routes';
import files from './modules/files/files.routes';
import settingsModule from './modules/settings/settings.routes';
import geoModule from './modules/geo/geo.routes';
import referenceModule from './modules/reference/reference.routes';
import followsModule from './modules/follows/follows.routes';
import reactionsModule from './modules/reactions/reactions.routes';
import blockingModule from './modules/blocking/blocking.routes';
import sitePromosModule from './modules/site-promos/site-promos.routes';
import commentsModule from './modules/comments/comments.routes';
import reportsModule from './modules/reports/reports.routes';
import adminContentModule from './modules/admin-content/admin-content.routes';
import postsModule from './modules/posts/posts.routes';
import feedsModule from './modules/feeds/feeds.routes';
import galleriesModule from './modules/galleries/galleries.routes';
import videosModule from './modules/videos/videos.routes';
import productsModule from './modules/products/products.routes';
import subscriptionsModule from './modules/subscriptions/subscriptions.routes';
import paymentsModule from './modules/payments/payments.routes';
import ordersModule from './modules/orders/orders.routes';
import addressesModule from './modules/addresses/addresses.routes';
import earningsModule from './modules/earnings/earnings.routes';
import creatorDashboardModule from './modules/creator-dashboard/creator-dashboard.routes';
import payoutsModule from './modules/payouts/payouts.routes';
import walletChargesModule from './modules/wallet-charges/wallet-charges.routes';
import adminMoneyModule from './modules/admin-money/admin-money.routes';
import messagingModule from './modules/messaging/messaging.routes';
import streamingModule from './modules/streaming/streaming.routes';
import creatorVerificationModule from './modules/creator-verification/creator-verification.routes';
import adminUsersModule from './modules/admin-users/admin-users.routes';
import recaptchaModule from './modules/recaptcha/recaptcha.routes';
import contactModule from './modules/contact/contact.routes';
import adminStatsModule from './modules/admin-stats/admin-stats.routes';
import accountDataModule from './modules/account-data/account-data.routes';
import searchModule from './modules/search/search.routes';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

export interface BuildOptions {
  /** Pino logger options override; tests pass false. */
  logger?: boolean | object;
  /** Start an in-memory PGlite from this migrated snapshot (tests). */
  pgliteTemplate?: Blob;
  /**
   * Compile every route's validators and serializers at start-up instead of on first use
   * (lib/lazy-schema-compilers.ts): the test that proves every contract schema compiles.
   */
  eagerSchemas?: boolean;
  /** Told about every SQL statement (the API bench and tests count statements per request). */
  onQuery?: (sql: string) => void;
}

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** The whole API as one Fastify instance: used by main.ts, the tests and the scripts. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const destination = options.logger === undefined && config.logLevel !== 'silent' ? logDestination() : null;
  const app = Fastify({
    logger: options.logger ?? (destination ? { level: config.logLevel, stream: destination.stream } : false),
    // Fastify 5 ignores a numeric trustProxy (it fails closed), so a hop count is given as the
    // proxy-addr function "trust the first N hops". Safe only when the API is reachable solely
    // through those proxies; a list of proxy addresses is checked against the connection itself.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    requestIdHeader: 'x-request-id',
    logController: new AccessLog(),
    childLoggerFactory: lazyRequestLogger,
    genReqId: () => crypto.randomUUID(),
    bodyLimit: 1024 * 1024,
    // Opening the database runs its migrations; on a busy machine (or a large PostgreSQL
    // migration) that outlasts avvio's 10 s default, which would fail the start for nothing.
    pluginTimeout: 120_000,
    frameworkErrors,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true }, plugins: [trimKeyword] },
    ...(options.eagerSchemas ? {} : { schemaController: { compilersFactory: lazySchemaCompilers } }),
  });
  app.decorate('config', config);
  // Closing writes the lines still waiting (pino's exit hook writes any logged after it).
  if (destination) app.addHook('onClose', (_app, done) => { destination.close(); done(); });
  // Callback hooks, not async ones: every request runs them, and a promise each is measurable.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });

  await app.register(errors);
  // Text and number rules of every route's input (README "Input rules").
  await app.register(input);
  await app.register(security);
  await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 5, fields: 50 } });
  await app.register(docs);
  await app.register(db, { pgliteTemplate: options.pgliteTemplate, onQuery: options.onQuery });
  // Before the routes it counts and the job queues it reports (media, data exports, mass messages).
  await app.register(metrics);
  await app.register(auth);
  await app.register(changeCaches);
  await app.register(settings);
  await app.register(realtime);
  await app.register(idempotency);
  // Before the modules: every operator write records itself through app.audit.
  await app.register(auditModule);

  await app.register(health);
  await app.register(mail);
  // After db and mail: its onClose (waiting for background mail) runs before theirs.
  await app.register(background);
  await app.register(storage);
  // Before every module whose events tell someone (app.notifications.notify inside their transactions).
  await app.register(notificationsModule);
  // Before the routes it guards (sign-up, sign-in, forgot password, contact).
  await app.register(recaptchaModule);
  await app.register(authRoutes);
  await app.register(accountSecurityRoutes);
  await app.register(usersRoutes);
  await app.register(performersRoutes);
  await app.register(performerSearchRoutes);
  await app.register(files);
  await app.register(settingsModule);
  await app.register(geoModule);
  await app.register(referenceModule);
  await app.register(followsModule);
  await app.register(reactionsModule);
  await app.register(blockingModule);
  await app.register(sitePromosModule);
  await app.register(commentsModule);
  await app.register(reportsModule);
  await app.register(adminContentModule);
  await app.register(postsModule);
  await app.register(feedsModule);
  await app.register(searchModule);
  await app.register(galleriesModule);
  await app.register(videosModule);
  await app.register(productsModule);
  await app.register(paymentsModule);
  // After payments: registers what a confirmed subscription payment does.
  await app.register(subscriptionsModule);
  await app.register(addressesModule);
  await app.register(ordersModule);
  await app.register(earningsModule);
  await app.register(creatorDashboardModule);
  await app.register(payoutsModule);
  // Before wallet charges: those sell paid messages.
  await app.register(messagingModule);
  // Before wallet charges: those sell stream tickets.
  await app.register(streamingModule);
  await app.register(walletChargesModule);
  await app.register(creatorVerificationModule);
  // After payments (card payments and top-up refunds) and orders (product refunds).
  await app.register(adminMoneyModule);
  await app.register(adminUsersModule);
  await app.register(contactModule);
  await app.register(adminStatsModule);
  // After every module whose service it calls (content, subscriptions, payments).
  await app.register(accountDataModule);
  return app;
}
