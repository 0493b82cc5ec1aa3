import Link from 'next/link';
import { Badge } from 'antd';
import { MessageOutlined } from '@ant-design/icons';
import { useAppSelector } from '@/client/store/hooks';

/**
 * The header's link to /messages with the number of unread messages (GET
 * /messages/total-unread-messages once, then `unread_count` events). Only for signed-in people.
 */
export function MessagesBadge() {
  const loggedIn = useAppSelector((s) => s.auth.loggedIn);
  const unread = useAppSelector((s) => s.conversation.unreadTotal);
  if (!loggedIn) return null;
  const label = unread > 0 ? `Messages, ${unread} unread` : 'Messages';
  return (
    <Link href="/messages" aria-label={label} title="Messages" data-testid="messages-badge" style={{ display: 'inline-flex', padding: 4 }}>
      <Badge count={unread} overflowCount={99} size="small">
        <MessageOutlined style={{ fontSize: 20, color: 'inherit' }} />
      </Badge>
    </Link>
  );
}
