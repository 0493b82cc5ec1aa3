import fp from 'fastify-plugin';
import { Cron } from 'croner';
import type { FastifyInstance } from 'fastify';
import { paymentRoutes } from '../../../common/contract/payments';
import { addRoute } from '../../lib/route';
import { createGateway, reflectActiveGateway } from './gateway-registry';
import type { PaymentGateway } from './payment-gateway';
import { createPaymentsService, type PaymentsService } from './payments.service';
import { createCardsService } from './cards.service';
import { createCouponsService } from './coupons.service';
import { createWebhookService } from './webhook.service';
import { createAdminPaymentsService, type AdminPaymentsService } from './admin-payments.service';
import { actorOf } from '../audit/audit.service';

type WebhookService = ReturnType<typeof createWebhookService>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The active card gateway and the one confirmation path (`confirmPayment`) for every feature. */
    payments: PaymentsService & {
      gateway: PaymentGateway;
      onRecurringEvent: WebhookService['onRecurringEvent'];
      /** Card payments across users and refunds of top-ups, for the money console (admin-money routes). */
      admin: AdminPaymentsService;
    };
  }
}

/** Card payments: top-ups, my payments, saved cards, coupons, creators' payout accounts. */
export default fp(async function paymentsModule(app: FastifyInstance) {
  const gateway = createGateway(app.config);
  const payments = createPaymentsService(app, gateway);
  const cards = createCardsService(app, gateway);
  const coupons = createCouponsService(app);
  const webhooks = createWebhookService(app, gateway, payments);
  const admin = createAdminPaymentsService(app, gateway);
  app.decorate('payments', Object.assign(payments, { gateway, onRecurringEvent: webhooks.onRecurringEvent, admin }));
  reflectActiveGateway(app.settings, gateway);

  addRoute(app, paymentRoutes.topUp, async (request) => ({ data: await payments.topUp(request.user!, request.body) }));
  addRoute(app, paymentRoutes.topUpOptions, async () => ({ data: await payments.topUpOptions() }));
  addRoute(app, paymentRoutes.retry, async (request) => ({
    data: await payments.retry(request.user!, request.params.id, request.body),
  }));
  addRoute(app, paymentRoutes.search, async (request) => ({ data: await payments.search(request.user!.id, request.query) }));
  addRoute(app, paymentRoutes.detail, async (request) => ({ data: await payments.detail(request.user!.id, request.params.id) }));

  addRoute(app, paymentRoutes.cards, async (request) => ({ data: await cards.list(request.user!) }));
  addRoute(app, paymentRoutes.addCard, async (request) => ({
    data: await cards.add(request.user!, request.params.gateway, request.body),
  }));
  addRoute(app, paymentRoutes.deleteCard, async (request) => ({ data: await cards.remove(request.user!, request.params.id) }));

  addRoute(app, paymentRoutes.applyCoupon, async (request) => ({ data: await coupons.apply(request.user!.id, request.params.code) }));
  addRoute(app, paymentRoutes.adminCreateCoupon, async (request) => ({ data: await coupons.create(actorOf(request), request.body) }));
  addRoute(app, paymentRoutes.adminListCoupons, async (request) => ({ data: await coupons.list(request.query) }));
  addRoute(app, paymentRoutes.adminUpdateCoupon, async (request) => ({
    data: await coupons.update(actorOf(request), request.params.id, request.body),
  }));
  addRoute(app, paymentRoutes.adminCouponRedemptions, async (request) => ({
    data: await coupons.redemptions(request.params.id, request.query),
  }));

  addRoute(app, paymentRoutes.connectAccount, async (request) => ({
    data: await cards.connectPayoutAccount(request.user!, request.params.gateway),
  }));
  // Signatures are computed over the exact bytes: this scope keeps JSON bodies as raw buffers.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    addRoute(scope, { ...paymentRoutes.webhook, rateLimit: 'none' }, async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      return webhooks.receive(request.params.gateway, raw, Array.isArray(signature) ? signature[0] : signature);
    });
  });

  // A webhook can be lost or late: pending payments are checked against the gateway every 10 minutes.
  if (app.config.env !== 'test' && gateway.name !== 'sandbox') {
    const job = new Cron('*/10 * * * *', { protect: true, unref: true }, async () => {
      try {
        await payments.reconcile();
      } catch (err) {
        app.log.error({ err }, 'payment reconciliation failed');
      }
    });
    app.addHook('onClose', async () => job.stop());
  }

  addRoute(app, paymentRoutes.myAccount, async (request) => ({ data: await cards.myPayoutAccount(request.user!) }));
}, { name: 'payments', dependencies: ['settings'] });
