import { MessagesBadge } from '@/client/features/messages/components/messages-badge';
import { NotificationBell } from '@/client/features/notifications/components/notification-bell';
import { UserMenu } from './user-menu';

/** A signed-in header's messages link, notification bell and account menu. */
export default function MemberActions() {
  return (
    <>
      <MessagesBadge />
      <NotificationBell />
      <UserMenu />
    </>
  );
}
