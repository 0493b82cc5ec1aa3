import { useEffect, useRef, useState } from 'react';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/router';
import { Badge, Button } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useAppSelector } from '@/client/store/hooks';
import styles from './notifications.module.css';

// The dropdown is its own chunk: pages do not carry it until someone opens the bell.
const NotificationPanel = dynamic(() => import('./notification-panel').then((m) => m.NotificationPanel), { ssr: false });

const PANEL_ID = 'notification-panel';

export const bellLabel = (unread: number) => `Notifications, ${unread} unread`;

/**
 * The signed-in header's bell: the unread figure (99+ beyond), live from the notifications slice,
 * and the dropdown of the newest ones. Escape or a click outside closes it (focus back on the bell);
 * so does opening a page. Operators have no notifications, hence no bell.
 */
export function NotificationBell() {
  const member = useAppSelector((s) => s.auth.loggedIn && s.user.current.role !== 'admin');
  const unread = useAppSelector((s) => s.notifications.unreadTotal);
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const bell = useRef<HTMLButtonElement>(null);
  const { asPath } = useRouter();

  useEffect(() => setOpen(false), [asPath]);
  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      bell.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!member) return null;
  return (
    <div ref={root} className={styles.bell}>
      <Button
        ref={bell}
        type="text"
        aria-label={bellLabel(unread)}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? PANEL_ID : undefined}
        title="Notifications"
        data-testid="notification-bell"
        className={styles.bellButton}
        onClick={() => setOpen((v) => !v)}
        icon={
          <Badge count={unread} overflowCount={99} size="small">
            <BellOutlined style={{ fontSize: 20, color: 'inherit' }} />
          </Badge>
        }
      />
      {open ? <NotificationPanel id={PANEL_ID} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}
