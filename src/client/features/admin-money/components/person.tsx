import { Avatar, Flex, Typography } from 'antd';
import type { UserPublic } from '@/common/contract/users';

/** Someone in a money list: avatar, name and @username, or a plain word when there is nobody. */
export function Person({ user, none = '—' }: { user: UserPublic | null; none?: string }) {
  if (!user) return <Typography.Text type="secondary">{none}</Typography.Text>;
  return (
    <Flex gap={8} align="center" style={{ minWidth: 0 }}>
      <Avatar src={user.avatar || undefined} alt="" size="small" />
      <Flex vertical style={{ minWidth: 0 }}>
        <span style={{ overflowWrap: 'anywhere' }}>{user.name || user.username}</span>
        {user.username ? <Typography.Text type="secondary" style={{ fontSize: 12 }}>@{user.username}</Typography.Text> : null}
      </Flex>
    </Flex>
  );
}
