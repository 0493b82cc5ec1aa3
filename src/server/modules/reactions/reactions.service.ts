import type { FastifyInstance } from 'fastify';
import type { PerformerBookmark, ReactionBody, ReactionState } from '../../../common/contract/social';
import { badRequest } from '../../lib/http-error';
import type { Viewer } from '../blocking/viewer';
import { toPerformerCard } from '../performers/performer.dto';
import { reactionTargets } from './reaction-targets';
import { reactionsRepository } from './reactions.repository';

type SignedIn = Viewer & { userId: string };

/** Likes and bookmarks: idempotent; per-kind rules live in reaction-targets.ts. */
export function createReactionsService(deps: Pick<FastifyInstance, 'db' | 'config' | 'storage' | 'notifications'>) {
  const { db } = deps;
  const urls = { storage: deps.storage, webOrigin: deps.config.webOrigin };

  /** Adds (`on`) or removes the reaction; counters move only when a row really changed. */
  async function toggle(viewer: SignedIn, body: ReactionBody, on: boolean): Promise<ReactionState> {
    const target = reactionTargets[body.objectType];
    if (!target.actions.includes(body.action)) throw badRequest(target.refusal, [{ field: 'action', message: target.refusal }]);
    return db.transaction(async (tx) => {
      const objectId = await target.reach(tx, body.objectId, viewer, { action: body.action, adding: on });
      const key = { userId: viewer.userId, objectType: body.objectType, objectId, action: body.action };
      const changed = on ? await reactionsRepository.add(tx, key) : await reactionsRepository.remove(tx, key);
      const item = changed && target.onChange ? await target.onChange(tx, objectId, body.action, on ? 1 : -1) : null;
      if (item && on && body.action === 'like') {
        await deps.notifications.notify(tx, {
          userId: item.ownerId, kind: 'like_new', actorId: viewer.userId, link: item.link, data: { objectType: body.objectType, title: item.title },
        });
      }
      const total = await reactionsRepository.total(tx, body.objectType, objectId, body.action);
      return { objectType: body.objectType, objectId, action: body.action, active: on, total };
    });
  }

  return {
    react: (viewer: SignedIn, body: ReactionBody) => toggle(viewer, body, true),
    unreact: (viewer: SignedIn, body: ReactionBody) => toggle(viewer, body, false),

    async performerBookmarks(viewer: SignedIn, query: { offset?: number; limit?: number }): Promise<{ data: PerformerBookmark[]; total: number }> {
      const page = { offset: query.offset ?? 0, limit: query.limit ?? 10 };
      return db.transaction(async (tx) => {
        const { rows, total } = await reactionsRepository.listBookmarkedPerformers(tx, viewer, page);
        const marks = await reactionsRepository.findMany(tx, viewer.userId, 'performer', 'bookmark', rows.map((r) => r.user.id));
        const byPerformer = new Map(marks.map((m) => [m.objectId, m]));
        // Read committed: an un-bookmark may land between the two reads; such a row is left out.
        const data = rows.flatMap((row) => {
          const mark = byPerformer.get(row.user.id);
          return mark ? [{ _id: mark.id, performer: toPerformerCard(urls, row), createdAt: mark.createdAt.toISOString() }] : [];
        });
        return { data, total };
      });
    },
  };
}
