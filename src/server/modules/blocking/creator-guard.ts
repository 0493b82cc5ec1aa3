import { NOT_AVAILABLE_MESSAGE } from '../../../common/contract/social';
import type { Executor } from '../../db/client';
import { badRequest, forbidden, notFound } from '../../lib/http-error';
import { blockingRepository } from './blocking.repository';
import type { Viewer } from './viewer';
import { requireUuid } from '../../shared/ids';

/**
 * The creator a viewer acts on (follow, bookmark, and their undo): 400 for a bad id or oneself,
 * 404 unless an active performer, 403 when the creator blocked the viewer's account or country.
 * Call inside the request's transaction: the creator's row stays locked against a concurrent
 * block until it ends (see blockingRepository.lockCreator). Block lists are read here on every
 * call, never cached, so a block or unblock counts from the next request on.
 */
export async function requireReachableCreator(
  tx: Executor,
  id: string,
  viewer: Viewer & { userId: string },
  selfMessage: string,
): Promise<string> {
  const performerId = requireUuid(id);
  if (performerId === viewer.userId) throw badRequest(selfMessage);
  if (!(await blockingRepository.lockCreator(tx, performerId, 'key share'))) throw notFound('Performer not found');
  if (await blockingRepository.isBlocked(tx, performerId, viewer)) throw forbidden(NOT_AVAILABLE_MESSAGE);
  return performerId;
}
