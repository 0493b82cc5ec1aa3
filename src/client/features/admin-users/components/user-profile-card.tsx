import Link from 'next/link';
import { Alert, Avatar, Card, Descriptions, Flex, Statistic, Typography } from 'antd';
import type { AdminUserDetail } from '@/common/contract/admin-users';
import { formatTokens } from '@/client/lib/format-amount';
import { formatDate } from '@/client/lib/format-date';
import { UserTags } from './user-tags';

/** Who the account is, where it stands, and its money and sessions. */
export function UserProfileCard({ detail }: { detail: AdminUserDetail }) {
  const { user } = detail;
  const isCreator = user.role === 'performer';
  return (
    <Flex vertical gap={16}>
      {user.status === 'suspended' ? (
        <Alert
          type="error"
          showIcon
          title={`Suspended ${user.suspendedUntil ? `until ${formatDate(user.suspendedUntil, { withTime: true })}` : 'until reactivated'}`}
          description={`Reason: ${user.suspendedReason ?? '—'}${user.suspendedAt ? ` · since ${formatDate(user.suspendedAt, { withTime: true })}` : ''}`}
        />
      ) : null}
      <Card size="small">
        <Flex gap={16} align="flex-start" wrap>
          <Avatar src={user.avatar || undefined} alt="" size={64} />
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 3, xxl: 3 }}
            style={{ flex: '1 1 280px', minWidth: 0 }}
            items={[
              { key: 'tags', label: 'Account', children: <Flex gap={4} wrap><UserTags user={user} /></Flex> },
              { key: 'email', label: 'Email', children: user.email ? `${user.email}${user.emailVerified ? ' (verified)' : ' (not verified)'}` : 'None' },
              { key: 'joined', label: 'Joined', children: formatDate(user.createdAt) },
              { key: 'updated', label: 'Last change', children: formatDate(user.updatedAt, { withTime: true }) },
              ...(isCreator ? [
                { key: 'country', label: 'Country', children: user.country ?? 'Not set' },
                { key: 'page', label: 'Page', children: user.username ? <Link href={`/${user.username}`}>/{user.username}</Link> : 'No username yet' },
              ] : []),
            ]}
          />
        </Flex>
      </Card>
      <Card size="small">
        <Flex gap={32} wrap>
          <Statistic title="Wallet" value={formatTokens(detail.wallet.balance)} />
          {detail.earnings ? <Statistic title="Available earnings" value={formatTokens(detail.earnings.available)} /> : null}
          {detail.earnings ? <Statistic title="Payout reserve" value={formatTokens(detail.earnings.reserved)} /> : null}
          <Statistic title="Signed-in devices" value={detail.liveSessions} />
          {detail.subscribers ? <Statistic title="Active subscribers" value={detail.subscribers.active} /> : null}
        </Flex>
        {detail.subscribers ? (
          <Typography.Text type="secondary">
            Subscribers: {detail.subscribers.active} active, {detail.subscribers.cancelled} cancelled (access until their period ends), {detail.subscribers.expired} expired.
          </Typography.Text>
        ) : null}
      </Card>
    </Flex>
  );
}
