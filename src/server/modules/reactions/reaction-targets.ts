import type { REACTION_ACTIONS, REACTION_OBJECT_TYPES } from '../../../common/contract/social';
import type { Executor } from '../../db/client';
import { requireReachableCreator } from '../blocking/creator-guard';
import type { Viewer } from '../blocking/viewer';

export type ReactionObjectType = (typeof REACTION_OBJECT_TYPES)[number];
export type ReactionAction = (typeof REACTION_ACTIONS)[number];

/**
 * What the reactions service needs to know about one kind of object. The content issue adds
 * feed, video, gallery and product entries here (and to REACTION_OBJECT_TYPES in the contract);
 * the service itself does not change.
 */
export interface ReactionTarget {
  /** The actions this kind takes; any other is a 400 with `refusal`. */
  actions: readonly ReactionAction[];
  refusal: string;
  /**
   * Throws 400/404/403 unless the viewer may react to this object now, and returns its
   * normalised id. Runs inside the request's transaction, before the reaction row is written.
   */
  reach(tx: Executor, objectId: string, viewer: Viewer & { userId: string }): Promise<string>;
  /**
   * Keeps the object's cached counters in step (e.g. total_likes). Called in the same
   * transaction, only when a row was really inserted (+1) or deleted (-1).
   */
  onChange?(tx: Executor, objectId: string, action: ReactionAction, delta: 1 | -1): Promise<void>;
}

export const reactionTargets: Record<ReactionObjectType, ReactionTarget> = {
  // performers.total_likes counts likes on a creator's content (the content issue), so a creator
  // takes bookmarks only and no counter moves here.
  performer: {
    actions: ['bookmark'],
    refusal: 'Creators can be bookmarked, not liked',
    reach: (tx, objectId, viewer) => requireReachableCreator(tx, objectId, viewer, 'You cannot bookmark yourself'),
  },
};
