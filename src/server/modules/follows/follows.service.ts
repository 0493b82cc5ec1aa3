import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import type { FollowerEntry, FollowingEntry, FollowState } from '../../../common/contract/social';
import { requireReachableCreator } from '../blocking/creator-guard';
import type { Viewer } from '../blocking/viewer';
import { toPerformerCard } from '../performers/performer.dto';
import { toUserPublic } from '../users/user-public.dto';
import { followsRepository } from './follows.repository';

type SignedIn = Viewer & { userId: string };
export interface ListParams {
  q?: string;
  offset?: number;
  limit?: number;
}

const page = (query: ListParams) => ({ offset: query.offset ?? 0, limit: query.limit ?? 10 });

/** Follows: idempotent, with the creator's follower counter kept in the same transaction. */
export function createFollowsService(deps: Pick<FastifyInstance, 'db' | 'config' | 'storage' | 'notifications'>) {
  const { db } = deps;
  const urls = { storage: deps.storage, webOrigin: deps.config.webOrigin };

  return {
    async follow(viewer: SignedIn, id: string): Promise<FollowState> {
      return db.transaction(async (tx) => {
        const performerId = await requireReachableCreator(tx, id, viewer, 'You cannot follow yourself');
        const { followers, added } = await followsRepository.add(tx, viewer.userId, performerId);
        if (added) await deps.notifications.notify(tx, { userId: performerId, kind: 'follower_new', actorId: viewer.userId, link: '/creator/followers' });
        return { performerId, isFollowed: true, followers };
      });
    },

    /** Also refused to a blocked viewer: the answer would show the creator's follower count. */
    async unfollow(viewer: SignedIn, id: string): Promise<FollowState> {
      return db.transaction(async (tx) => {
        const performerId = await requireReachableCreator(tx, id, viewer, 'You cannot follow yourself');
        const followers = await followsRepository.remove(tx, viewer.userId, performerId);
        return { performerId, isFollowed: false, followers };
      });
    },

    async followers(performerId: string, query: ListParams): Promise<{ data: FollowerEntry[]; total: number }> {
      const { rows, total } = await db.transaction((tx) => followsRepository.listFollowers(tx, performerId, query.q, page(query)));
      return {
        data: rows.map(({ follow, user }) => ({ _id: follow.id, follower: toUserPublic(urls, user), createdAt: follow.createdAt.toISOString() })),
        total,
      };
    },

    async following(viewer: SignedIn, query: ListParams): Promise<{ data: FollowingEntry[]; total: number }> {
      return db.transaction(async (tx) => {
        const { rows, total } = await followsRepository.listFollowing(tx, viewer, query.q, page(query));
        const pairs = await followsRepository.findMany(tx, viewer.userId, rows.map((r) => r.user.id));
        const byPerformer = new Map(pairs.map((f) => [f.performerId, f]));
        // Read committed: an unfollow may land between the two reads; such a row is simply left out.
        const data = rows.flatMap((row) => {
          const follow = byPerformer.get(row.user.id);
          return follow ? [{ _id: follow.id, performer: toPerformerCard(urls, row), createdAt: follow.createdAt.toISOString() }] : [];
        });
        return { data, total };
      });
    },

    followingIds: (followerId: string) => followsRepository.followedIds(db, followerId),
  };
}

/** A creator's followers now and those who followed since `since` (read by the creator dashboard). */
export const creatorFollowerCounts = (db: Executor, performerId: string, since: Date) => followsRepository.creatorCounts(db, performerId, since);
