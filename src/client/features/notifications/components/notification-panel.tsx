import { useEffect, useRef } from 'react';
import Link from 'next/link';
import { Button, Empty, Flex, Skeleton, Spin, Typography, theme } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import type { Notification } from '@/common/contract/notifications';
import { getErrorMessage } from '@/client/lib/error-message';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { fetchLatest, markAllRead, markRead } from '../notifications.slice';
import { NotificationItem } from './notification-item';
import styles from './notifications.module.css';

/**
 * The bell's dropdown (its own chunk: pages carry it only once someone opens the bell): the newest
 * ten, asked for each time it opens; new ones pushed meanwhile come first. Clicking one marks it
 * read and opens its page; "Mark all as read"; "See all" opens /notifications.
 */
export function NotificationPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const { token } = theme.useToken();
  const { latest, latestStatus, latestError, unreadTotal } = useAppSelector((s) => s.notifications);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    dispatch(fetchLatest());
    // Screen readers land in the dialog; Tab goes on through its items.
    panel.current?.focus();
  }, [dispatch]);

  const open = (n: Notification) => {
    if (!n.readAt) dispatch(markRead([n._id]));
    onClose();
  };
  const loading = latestStatus === 'loading' || latestStatus === 'idle';

  let body;
  if (latestStatus === 'failed' && !latest.length) {
    body = (
      <div className={styles.panelState} role="alert">
        <Flex vertical align="center" gap={8}>
          <Typography.Text strong>We could not load your notifications</Typography.Text>
          <Typography.Text type="secondary">{getErrorMessage(latestError)}</Typography.Text>
          <Button icon={<ReloadOutlined />} onClick={() => dispatch(fetchLatest())}>Try again</Button>
        </Flex>
      </div>
    );
  } else if (loading && !latest.length) {
    body = (
      <div className={styles.panelState} aria-busy="true">
        <Skeleton active avatar paragraph={{ rows: 1 }} />
        <Skeleton active avatar paragraph={{ rows: 1 }} />
      </div>
    );
  } else if (!latest.length) {
    body = <Empty className={styles.panelState} image={Empty.PRESENTED_IMAGE_SIMPLE} description="No notifications yet" />;
  } else {
    body = (
      <ul className={styles.list} aria-label="Latest notifications">
        {latest.map((n) => (
          <li key={n._id}>
            <NotificationItem notification={n} onOpen={open} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div
      id={id}
      ref={panel}
      role="dialog"
      aria-label="Notifications"
      tabIndex={-1}
      className={styles.panel}
      style={{ background: token.colorBgElevated, boxShadow: token.boxShadowSecondary, borderColor: token.colorBorderSecondary }}
    >
      <div className={styles.panelHead}>
        <span className={styles.panelTitle}>
          Notifications {loading && latest.length ? <Spin size="small" /> : null}
        </span>
        <Button type="link" size="small" disabled={unreadTotal === 0} onClick={() => dispatch(markAllRead())}>
          Mark all as read
        </Button>
      </div>
      <div className={styles.panelBody}>{body}</div>
      <div className={styles.panelFoot}>
        <Link href="/notifications" onClick={onClose}>See all</Link>
      </div>
    </div>
  );
}
