import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { recaptchaRoutes } from '../../../common/contract/recaptcha';
import { addRoute } from '../../lib/route';
import { createRecaptchaService, recaptchaOn, type RecaptchaService } from './recaptcha.service';

declare module 'fastify' {
  interface FastifyInstance {
    recaptcha: RecaptchaService;
  }
}

/**
 * `POST /re-captcha/verify` and `app.recaptcha`, which the auth and contact routes call before
 * their work. The public `reCaptchaEnabled` is the effective switch (see the service).
 */
export default fp(async function recaptchaModule(app: FastifyInstance) {
  const recaptcha = createRecaptchaService(app);
  app.decorate('recaptcha', recaptcha);

  app.settings.reflect('reCaptchaEnabled', (stored) => recaptchaOn(app.config, stored));

  addRoute(app, { ...recaptchaRoutes.verify, rateLimit: 'auth' as const }, async (request) => {
    if (await recaptcha.enabled()) await recaptcha.check(request.body.token, request.ip);
    return { data: { success: true } };
  });
}, { name: 'recaptcha' });
