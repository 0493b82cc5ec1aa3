import { followRoutes, reactionRoutes } from '@/common/contract/social';
import { callRoute } from '@/client/lib/call-route';

/** Spec 4 follow list: POST /follows/:id (idempotent). */
export const followPerformer = (id: string) => callRoute(followRoutes.follow, { params: { id } });
/** DELETE /follows/:id (idempotent). */
export const unfollowPerformer = (id: string) => callRoute(followRoutes.unfollow, { params: { id } });
/** Ids of every creator the signed-in viewer follows. */
export const followingIds = () => callRoute(followRoutes.followingIds);

export const follow = followPerformer;
export const unfollow = unfollowPerformer;

const bookmarkBody = (id: string) => ({ objectType: 'performer' as const, objectId: id, action: 'bookmark' as const });
export const bookmarkPerformer = (id: string) => callRoute(reactionRoutes.create, { body: bookmarkBody(id) });
export const unbookmarkPerformer = (id: string) => callRoute(reactionRoutes.remove, { body: bookmarkBody(id) });
