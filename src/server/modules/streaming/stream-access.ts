import type { StreamLockReason } from '../../../common/contract/streaming';
import type { Executor } from '../../db/client';
import { blockingRepository } from '../blocking/blocking.repository';
import type { Viewer } from '../blocking/viewer';
import { entitlementsRepository } from '../entitlements/entitlements.repository';
import type { StreamRow } from './streaming.repository';
import { readAll } from '../../db/reads';

/** What one viewer may do with one stream. */
export interface StreamAccess {
  canWatch: boolean;
  isPaid: boolean;
  lockReason: StreamLockReason | null;
}

/** Why a locked viewer is refused (403 on the token and the chat). */
export const LOCKED_MESSAGE: Record<StreamLockReason, string> = {
  login: 'Sign in to watch this stream',
  subscribe: 'Subscribe to this creator to watch this stream',
  buy: 'Buy a ticket to watch this stream',
};

type Subject = Pick<StreamRow, 'id' | 'performerId' | 'access'>;

/**
 * Who may watch, for a page of streams at once (two queries): the creator and admins always;
 * anonymous viewers never (they see the page, lock 'login'); `free` any signed-in account;
 * `subscribers` an active subscriber (the content module's rule); `sale` a bought ticket only
 * (a subscription does not open a paid stream, as with paid posts). Blocks are not decided here:
 * a blocked viewer does not get to see the stream at all (see `isHiddenFrom`).
 */
export async function streamAccess(db: Executor, viewer: Viewer, items: readonly Subject[]): Promise<Map<string, StreamAccess>> {
  const result = new Map<string, StreamAccess>();
  const { userId } = viewer;
  const [subscribed, bought] = userId
    ? await readAll(db,
        () => entitlementsRepository.subscribedTo(db, userId, items.filter((i) => i.access === 'subscribers').map((i) => i.performerId)),
        () => entitlementsRepository.bought(db, userId, 'stream', items.filter((i) => i.access === 'sale').map((i) => i.id)),
      )
    : [new Set<string>(), new Set<string>()];
  for (const item of items) {
    const isPaid = bought.has(item.id);
    let lockReason: StreamLockReason | null = null;
    if (viewer.userId === item.performerId || viewer.role === 'admin') lockReason = null;
    else if (!viewer.userId) lockReason = 'login';
    else if (item.access === 'subscribers' && !subscribed.has(item.performerId)) lockReason = 'subscribe';
    else if (item.access === 'sale' && !isPaid) lockReason = 'buy';
    result.set(item.id, { canWatch: lockReason === null, isPaid, lockReason });
  }
  return result;
}

export async function accessOf(db: Executor, viewer: Viewer, item: Subject): Promise<StreamAccess> {
  return (await streamAccess(db, viewer, [item])).get(item.id)!;
}

/**
 * The stream is a 404 to this viewer, like one that is not live: the creator blocked their account
 * or country, or it is a private show and they are neither its fan nor its creator (operators
 * included: a private show is nobody else's business).
 */
export async function isHiddenFrom(db: Executor, item: Pick<StreamRow, 'performerId' | 'privateViewerId'>, viewer: Viewer): Promise<boolean> {
  if (item.privateViewerId && viewer.userId !== item.privateViewerId && viewer.userId !== item.performerId) return true;
  return blockingRepository.isBlocked(db, item.performerId, viewer);
}
