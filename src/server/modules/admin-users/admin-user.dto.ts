import type { AdminUser } from '../../../common/contract/admin-users';
import { avatarUrl, type ImageUrlContext } from '../users/user.dto';
import type { AdminUserRow, UserRow } from './admin-users.repository';

/** An account as the console lists it; `verificationStatus` only for creators. */
export function toAdminUser(ctx: ImageUrlContext, user: UserRow, verificationStatus: AdminUserRow['verificationStatus']): AdminUser {
  return {
    _id: user.id,
    name: user.name,
    username: user.username,
    email: user.email,
    avatar: avatarUrl(ctx, user.avatarPath),
    role: user.role,
    status: user.status,
    suspendedReason: user.suspendedReason,
    suspendedUntil: user.suspendedUntil?.toISOString() ?? null,
    emailVerified: user.emailVerified,
    verificationStatus: user.role === 'performer' ? verificationStatus ?? 'not_submitted' : null,
    createdAt: user.createdAt.toISOString(),
  };
}
