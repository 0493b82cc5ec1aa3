import { adminVerificationRoutes } from '@/common/contract/admin-verification';
import { callRoute } from '@/client/lib/call-route';

/** Pending → approved: the creator can be paid and is listed; the server emails them. */
export const approveCreator = (performerId: string) => callRoute(adminVerificationRoutes.approve, { params: { performerId } });

/** Pending → rejected with the reason the creator is emailed. */
export const rejectCreator = (performerId: string, reason: string) =>
  callRoute(adminVerificationRoutes.reject, { params: { performerId }, body: { reason } });
