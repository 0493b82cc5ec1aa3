import type { REACTION_ACTIONS, REACTION_OBJECT_TYPES } from '../../../common/contract/social';
import type { ContentType } from '../../../common/contract/content';
import type { Executor } from '../../db/client';
import { badRequest } from '../../lib/http-error';
import { requireReachableCreator } from '../blocking/creator-guard';
import type { Viewer } from '../blocking/viewer';
import { contentTitle, requireUnlockedItem, requireVisibleItem } from '../content/content-access.service';
import { contentPath } from '../../../common/lib/content-path';
import { contentCountersRepository } from './content-counters.repository';

export type ReactionObjectType = (typeof REACTION_OBJECT_TYPES)[number];
export type ReactionAction = (typeof REACTION_ACTIONS)[number];

/** What the viewer is about to do: add or undo this action. */
export interface ReactionIntent {
  action: ReactionAction;
  adding: boolean;
}

/**
 * What the reactions service needs to know about one kind of object. A new kind is a new entry
 * here (and in REACTION_OBJECT_TYPES in the contract); the service itself does not change.
 */
export interface ReactionTarget {
  /** The actions this kind takes; any other is a 400 with `refusal`. */
  actions: readonly ReactionAction[];
  refusal: string;
  /**
   * Throws 400/404/403 unless the viewer may react to this object now, and returns its
   * normalised id. Runs inside the request's transaction, before the reaction row is written.
   */
  reach(tx: Executor, objectId: string, viewer: Viewer & { userId: string }, intent: ReactionIntent): Promise<string>;
  /**
   * Keeps the object's cached counters in step (e.g. total_likes). Called in the same
   * transaction, only when a row was really inserted (+1) or deleted (-1). Answers who owns the
   * object, what to call it and its page (for the owner's like notification), or null.
   */
  onChange?(tx: Executor, objectId: string, action: ReactionAction, delta: 1 | -1): Promise<ReactedObject | null>;
}

/** The object a reaction changed, as its owner's notification names it. */
export interface ReactedObject {
  ownerId: string;
  title: string;
  link: string;
}

const NOUN: Record<ContentType, string> = { feed: 'post', video: 'video', gallery: 'gallery', product: 'product' };
const LOCKED_LIKE: Record<ContentType, string> = {
  feed: 'Unlock this post to like it',
  video: 'Unlock this video to like it',
  gallery: 'Unlock this gallery to like it',
  product: 'Buy this product to like it',
};

/**
 * Content takes likes and bookmarks. A like needs the item open to the viewer (you like what you
 * saw); a bookmark only needs it visible, so fans can save a locked item to buy or subscribe
 * later. Undoing either needs the item visible only: a lapsed subscription must not trap a like.
 * A creator cannot like their own item (their likes would inflate their own total_likes, a
 * public popularity figure) but may bookmark it.
 */
function contentTarget(type: ContentType): ReactionTarget {
  return {
    actions: ['like', 'bookmark'],
    refusal: `A ${NOUN[type]} can be liked or bookmarked`,
    async reach(tx, objectId, viewer, { action, adding }) {
      if (action === 'like' && adding) {
        const { meta } = await requireUnlockedItem(tx, type, objectId, viewer, LOCKED_LIKE[type]);
        if (meta.performerId === viewer.userId) throw badRequest(`You cannot like your own ${NOUN[type]}`);
        return meta.id;
      }
      return (await requireVisibleItem(tx, type, objectId, viewer)).meta.id;
    },
    async onChange(tx, objectId, action, delta) {
      const item = await contentCountersRepository.move(tx, type, objectId, action === 'like' ? 'totalLikes' : 'totalBookmarks', delta);
      if (!item) return null;
      if (action === 'like') await contentCountersRepository.moveCreatorLikes(tx, item.performerId, delta);
      return { ownerId: item.performerId, title: contentTitle(type, item.label), link: contentPath(type, objectId) };
    },
  };
}

export const reactionTargets: Record<ReactionObjectType, ReactionTarget> = {
  // performers.total_likes counts likes on a creator's content, so a creator takes bookmarks only
  // and no counter moves here.
  performer: {
    actions: ['bookmark'],
    refusal: 'Creators can be bookmarked, not liked',
    reach: (tx, objectId, viewer) => requireReachableCreator(tx, objectId, viewer, 'You cannot bookmark yourself'),
  },
  feed: contentTarget('feed'),
  video: contentTarget('video'),
  gallery: contentTarget('gallery'),
  product: contentTarget('product'),
};
