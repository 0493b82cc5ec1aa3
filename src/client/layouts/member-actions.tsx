import { MessagesBadge } from '@/client/features/messages/components/messages-badge';
import { NotificationBell } from '@/client/features/notifications/components/notification-bell';
import { AntdScope } from '@/client/theme/antd-scope';
import { UserMenu } from './user-menu';

/**
 * A signed-in header's messages link, notification bell and account menu, in an antd scope of their
 * own: the header is drawn without antd, and so is the whole start page.
 */
export default function MemberActions() {
  return (
    <AntdScope>
      <MessagesBadge />
      <NotificationBell />
      <UserMenu />
    </AntdScope>
  );
}
