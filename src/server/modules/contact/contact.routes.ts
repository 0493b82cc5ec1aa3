import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CONTACT_SENT, contactRoutes } from '../../../common/contract/contact';
import { HttpError } from '../../lib/http-error';
import { addRoute } from '../../lib/route';
import { actorOf } from '../audit/audit.service';
import { createContactService, type ContactService } from './contact.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** What other modules may read of the contact inbox (the dashboard's queue count). */
    contact: Pick<ContactService, 'countNew'>;
  }
}

/** Messages one address may send in an hour; a person writing to support rarely needs more. */
export const CONTACT_MESSAGES_PER_HOUR = 5;

/**
 * The contact page's `POST /contact` and the operators' inbox (contract `contactRoutes`). An fp
 * plugin so `app.contact` is visible to the dashboard.
 */
export default fp(async function contactModule(app: FastifyInstance) {
  const contact = createContactService(app);
  app.decorate('contact', { countNew: contact.countNew });

  // Per client address, on every API instance when Redis is set (the store of the global limit).
  const sendLimit = app.createRateLimit({
    max: CONTACT_MESSAGES_PER_HOUR,
    timeWindow: 60 * 60_000,
    keyGenerator: (request: FastifyRequest) => `contact-send:${request.ip}`,
  });

  addRoute(app, contactRoutes.send, async (request) => {
    // Checked first, counted only once the message is acceptable: fixing a typo costs nothing.
    const fields = contact.clean(request.body);
    await app.recaptcha.requireHuman(request);
    const limit = await sendLimit(request);
    if (!limit.isAllowed && limit.isExceeded) {
      const minutes = Math.max(1, Math.ceil(limit.ttlInSeconds / 60));
      throw new HttpError(429, `You have sent several messages already; please try again in ${minutes} minute${minutes === 1 ? '' : 's'}`);
    }
    await contact.send({ userId: request.user?.id ?? null, ip: request.ip ?? null }, fields);
    return { data: { message: CONTACT_SENT } };
  });

  addRoute(app, contactRoutes.adminList, async (request) => ({ data: await contact.list(request.query) }));
  addRoute(app, contactRoutes.adminUpdate, async (request) => ({
    data: await contact.setStatus(actorOf(request), request.params.id, request.body.status),
  }));
}, { name: 'contact', dependencies: ['audit', 'mail', 'settings'] });
