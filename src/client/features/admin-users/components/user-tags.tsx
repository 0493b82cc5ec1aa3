import { Tag } from 'antd';
import type { VerificationStatus } from '@/common/constants/verification';
import type { AdminUser, UserStatus } from '@/common/contract/admin-users';
import type { Role } from '@/common/contract/users';
import { STATUS_TAG as VERIFICATION_TAG } from '@/client/features/admin-verification/verification-status';
import { formatDate } from '@/client/lib/format-date';

export const ROLE_LABELS: Record<Role, string> = { user: 'Fan', performer: 'Creator', admin: 'Operator' };
export const STATUS_LABELS: Record<UserStatus, string> = { active: 'Active', inactive: 'Inactive', suspended: 'Suspended' };

const ROLE_COLORS: Record<Role, string> = { user: 'default', performer: 'blue', admin: 'purple' };
const STATUS_COLORS: Record<UserStatus, string> = { active: 'green', inactive: 'default', suspended: 'red' };

export const RoleTag = ({ role }: { role: Role }) => <Tag color={ROLE_COLORS[role]}>{ROLE_LABELS[role]}</Tag>;

/** The account's status; a suspension with an end says until when. */
export function StatusTag({ user }: { user: Pick<AdminUser, 'status' | 'suspendedUntil'> }) {
  const until = user.status === 'suspended' && user.suspendedUntil ? ` until ${formatDate(user.suspendedUntil, { withTime: true })}` : '';
  return <Tag color={STATUS_COLORS[user.status]}>{STATUS_LABELS[user.status]}{until}</Tag>;
}

/** A creator's identity check, as the verification queue shows it. */
export function VerificationTag({ status }: { status: VerificationStatus | null }) {
  return status ? <Tag color={VERIFICATION_TAG[status].color}>{VERIFICATION_TAG[status].text}</Tag> : null;
}

/** Role, status and (creators) verification side by side. */
export function UserTags({ user }: { user: AdminUser }) {
  return (
    <>
      <RoleTag role={user.role} />
      <StatusTag user={user} />
      <VerificationTag status={user.verificationStatus} />
    </>
  );
}
