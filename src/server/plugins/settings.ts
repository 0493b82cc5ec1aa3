import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createSettingsService, type SettingsService } from '../modules/settings/settings.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Site settings (stored overrides on the defaults), e.g. `app.settings.get('requireEmailVerification')`. */
    settings: SettingsService;
  }
}

export default fp(async function settings(app: FastifyInstance) {
  app.decorate('settings', createSettingsService(app.db));
}, { name: 'settings', dependencies: ['db'] });
