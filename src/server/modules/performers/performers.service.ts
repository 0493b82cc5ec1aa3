import type { FastifyInstance } from 'fastify';
import type { PerformerPublic } from '../../../common/contract/performers';
import { NOT_AVAILABLE_MESSAGE } from '../../../common/contract/social';
import { forbidden, notFound } from '../../lib/http-error';
import { blockingRepository } from '../blocking/blocking.repository';
import type { Viewer } from '../blocking/viewer';
import { toPerformerPublic } from './performer.dto';
import { performersRepository } from './performers.repository';
import { subscriptionsRepository } from '../subscriptions/subscriptions.repository';
import { toViewerSubscription } from '../subscriptions/subscription.dto';
import { isUuid } from '../../shared/ids';


/** Public performer profiles. */
export function createPerformersService(deps: Pick<FastifyInstance, 'db' | 'config' | 'storage' | 'settings'>) {
  const urls = { storage: deps.storage, webOrigin: deps.config.webOrigin };
  return {
    /**
     * By username (the spec's profileId), else by id; fans, admins and inactive accounts are 404, a
     * suspended creator 403 "not available" (to everyone: operators judge them in the console).
     */
    async view(idOrUsername: string, viewer: Viewer): Promise<PerformerPublic> {
      const by = { username: idOrUsername.toLowerCase(), id: isUuid(idOrUsername) ? idOrUsername.toLowerCase() : undefined };
      const row = await performersRepository.findPublic(deps.db, by, viewer);
      if (!row) {
        // A suspended creator's page is "not available", as for a blocked viewer: it existed and may return.
        if (await performersRepository.isSuspended(deps.db, by)) throw forbidden(NOT_AVAILABLE_MESSAGE);
        throw notFound('Performer not found');
      }
      if (await blockingRepository.isBlocked(deps.db, row.user.id, viewer)) throw forbidden(NOT_AVAILABLE_MESSAGE);
      const [freeSubscriptionEnabled, freeSubscriptionDuration] = await Promise.all([
        deps.settings.get('freeSubscriptionEnabled'),
        deps.settings.get('freeSubscriptionDuration'),
      ]);
      const welcome = row.performer.welcomeVideoPath ? deps.storage.publicUrl(row.performer.welcomeVideoPath) : null;
      const own = viewer.userId ? await subscriptionsRepository.findPair(deps.db, viewer.userId, row.user.id) : null;
      const subscription = own ? toViewerSubscription(own) : null;
      return toPerformerPublic({ ...urls, freeSubscriptionEnabled, freeSubscriptionDuration }, row, welcome, subscription);
    },
  };
}
