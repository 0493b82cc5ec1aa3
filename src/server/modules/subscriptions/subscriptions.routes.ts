import type { FastifyInstance } from 'fastify';
import { Cron } from 'croner';
import { subscriptionRoutes } from '../../../common/contract/subscriptions';
import { PAYMENT_GATEWAYS } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { addRoute } from '../../lib/route';
import { signedInViewer } from '../blocking/viewer';
import { createSubscriptionsService } from './subscriptions.service';
import { createPaidSubscriptions } from './subscriptions-paid';
import { createRecurringSubscriptions } from './subscriptions-recurring';

/** Subscribe, list (fan and creator), cancel; a job renews due ones and ends lapsed ones every few minutes. */
export default async function subscriptionsModule(app: FastifyInstance) {
  const subscriptions = createSubscriptionsService(app);
  const recurring = createRecurringSubscriptions(app);
  const paid = createPaidSubscriptions(app, subscriptions.item, recurring);

  addRoute(app, subscriptionRoutes.subscribe, async (request) => {
    const viewer = await signedInViewer(app, request);
    const body = request.body;
    if (body.type === 'free') return { data: await subscriptions.subscribeFree(viewer, body) };
    return { data: await paid.subscribe(request.user!, viewer, { ...body, type: body.type }) };
  });
  addRoute(app, subscriptionRoutes.userSearch, async (request) => ({
    data: await subscriptions.search(request.query, { userId: request.user!.id }),
  }));
  addRoute(app, subscriptionRoutes.performerSearch, async (request) => ({
    data: await subscriptions.search(request.query, { performerId: request.user!.id }),
  }));
  addRoute(app, subscriptionRoutes.cancel, async (request) => {
    if (!(PAYMENT_GATEWAYS as readonly string[]).includes(request.params.gateway)) throw notFound('Unknown payment gateway');
    await recurring.stopRenewal(request.user!.id, request.params.id);
    return { data: await subscriptions.cancel(request.user!.id, request.params.id) };
  });

  // Access ends by the clock even if no payment event ever arrives; tests call expireLapsed and notifyEnding themselves.
  if (app.config.env !== 'test') {
    const job = new Cron('*/5 * * * *', { protect: true, unref: true }, async () => {
      try {
        // Stripe renews through its own billing and tells us by webhook; the sandbox is charged here.
        // A suspended or unverified creator's subscriptions stop renewing (renewDue skips them itself).
        if (app.payments.gateway.name === 'sandbox') await paid.renewDue('sandbox');
        else {
          await recurring.stopUnpayable();
          await recurring.startMissing();
        }
        await subscriptions.expireLapsed();
      } catch (err) {
        app.log.error({ err }, 'subscription renewal or expiry failed');
      }
    });
    app.addHook('onClose', async () => job.stop());
    // Fans are told a few days before a subscription that will not renew ends: hourly is early enough.
    const endingJob = new Cron('23 * * * *', { protect: true, unref: true }, async () => {
      try {
        await subscriptions.notifyEnding();
      } catch (err) {
        app.log.error({ err }, 'telling fans about ending subscriptions failed');
      }
    });
    app.addHook('onClose', async () => endingJob.stop());
  }
}
