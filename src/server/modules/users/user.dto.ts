import type { CurrentUser } from '../../../common/contract/users';
import type { VerificationStatus } from '../../../common/constants/verification';
import type { Storage } from '../../storage/storage';
import type { UserRow } from './users.repository';

export interface ImageUrlContext {
  storage: Pick<Storage, 'publicUrl'>;
  webOrigin: string;
}

/** Absolute image URLs; the web app ships the placeholders in public/images/. */
export function avatarUrl(ctx: ImageUrlContext, key: string | null): string {
  return key ? ctx.storage.publicUrl(key) : `${ctx.webOrigin}/images/avatar-placeholder.svg`;
}

export function coverUrl(ctx: ImageUrlContext, key: string | null): string {
  return key ? ctx.storage.publicUrl(key) : `${ctx.webOrigin}/images/cover-placeholder.svg`;
}

/** Balance is kept in integer cents; the API shows tokens with two decimals. */
export const centsToAmount = (cents: number) => Math.round(cents) / 100;

/** A performer's verification as CurrentUser shows it (payable: the payable-creator check's verdict). */
export interface CreatorVerificationView {
  note: string | null;
  payable: boolean;
}

/** `balanceCents`: the wallet account's balance (token cents). */
export function toCurrentUser(
  ctx: ImageUrlContext,
  user: UserRow,
  balanceCents: number,
  verificationStatus?: VerificationStatus | null,
  verification?: CreatorVerificationView,
): CurrentUser {
  return {
    _id: user.id,
    name: user.name,
    username: user.username,
    email: user.email,
    avatar: avatarUrl(ctx, user.avatarPath),
    cover: coverUrl(ctx, user.coverPath),
    role: user.role,
    isPerformer: user.role === 'performer',
    emailVerified: user.emailVerified,
    balance: centsToAmount(balanceCents),
    ...(user.role === 'performer' ? { verifiedDocument: verificationStatus === 'approved' } : {}),
    ...(user.role === 'performer' && verificationStatus
      ? { verificationStatus, verificationNote: verification?.note ?? null, ...(verification ? { payable: verification.payable } : {}) }
      : {}),
    createdAt: user.createdAt.toISOString(),
  };
}
