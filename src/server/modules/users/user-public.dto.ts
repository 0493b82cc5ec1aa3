import type { UserPublic } from '../../../common/contract/users';
import { avatarUrl, type ImageUrlContext } from './user.dto';
import type { UserRow } from './users.repository';

/** The columns a public view of an account reads (a full row, or a statement that selected just these). */
export type PublicUserColumns = Pick<UserRow, 'id' | 'name' | 'username' | 'avatarPath' | 'role' | 'createdAt'>;

/** What other people may see of an account: never the email, balance, role details or status. */
export function toUserPublic(ctx: ImageUrlContext, user: PublicUserColumns): UserPublic {
  return {
    _id: user.id,
    name: user.name,
    username: user.username,
    avatar: avatarUrl(ctx, user.avatarPath),
    isPerformer: user.role === 'performer',
    createdAt: user.createdAt.toISOString(),
  };
}
