import { blockRoutes } from '@/common/contract/social';
import { callRoute } from '@/client/lib/call-route';

/** POST /block/users: keeps the fan away from my profile and content (ends their follow and bookmark). */
export const blockUser = (userId: string, reason?: string) =>
  callRoute(blockRoutes.blockUser, { body: reason ? { userId, reason } : { userId } });

/** DELETE /block/users/:id (the blocked user's id). */
export const unblockUser = (userId: string) => callRoute(blockRoutes.unblockUser, { params: { id: userId } });

/** POST /block/countries: replaces my whole list. */
export const saveBlockedCountries = (countries: string[]) => callRoute(blockRoutes.blockCountries, { body: { countries } });
