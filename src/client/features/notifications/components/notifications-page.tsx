import { useEffect, useRef } from 'react';
import { Button, Empty, Flex, Segmented, Skeleton, Typography } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { notificationRoutes, type Notification } from '@/common/contract/notifications';
import { ListError } from '@/client/components/list-error';
import { ListPager } from '@/client/components/list-pager';
import { useQueryList } from '@/client/hooks/use-query-list';
import { useRouteData } from '@/client/hooks/use-route-data';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { markAllRead, markRead } from '../notifications.slice';
import { NotificationItem } from './notification-item';
import styles from './notifications.module.css';

export const NOTIFICATIONS_PAGE_SIZE = 20;

type Filter = 'all' | 'unread';
const FILTERS: { value: Filter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'unread', label: 'Unread' },
];

/**
 * /notifications: every notification, newest first, 20 a page; page and filter (`?filter=unread`)
 * in the query string. Marking read goes through the notifications saga (which keeps the bell's
 * figure); the list shows it at once and asks the server again when the saga is done and when a
 * new notification arrives.
 */
export function NotificationsPage() {
  const dispatch = useAppDispatch();
  const list = useQueryList({ pageSize: NOTIFICATIONS_PAGE_SIZE });
  const filter: Filter = list.filters.filter === 'unread' ? 'unread' : 'all';
  const query = { offset: list.params.offset, limit: list.params.limit, ...(filter === 'unread' ? { unread: true } : {}) };
  const { data, error, isLoading, mutate } = useRouteData(notificationRoutes.list, query);
  const unreadTotal = useAppSelector((s) => s.notifications.unreadTotal);
  const readRevision = useAppSelector((s) => s.notifications.readRevision);
  const lastReceived = useAppSelector((s) => s.notifications.lastReceived?._id);

  // A mark that ended or a notification that arrived: the list asks again (reads on another
  // device show when the page is focused again, SWR's revalidation on focus).
  const signal = `${readRevision}:${lastReceived ?? ''}`;
  const seen = useRef(signal);
  useEffect(() => {
    if (seen.current === signal) return;
    seen.current = signal;
    void mutate();
  }, [signal, mutate]);

  const items = data?.data.data ?? [];
  const total = data?.data.total ?? 0;

  /** Shown read at once; the saga's answer brings the server's view back. */
  const showRead = (ids: string[] | null) => {
    if (!data) return;
    const readAt = new Date().toISOString();
    const next = data.data.data.map((n) => (!n.readAt && (!ids || ids.includes(n._id)) ? { ...n, readAt } : n));
    void mutate({ data: { ...data.data, data: next } }, { revalidate: false });
  };
  const open = (n: Notification) => {
    if (n.readAt) return;
    showRead([n._id]);
    dispatch(markRead([n._id]));
  };
  const readAll = () => {
    showRead(null);
    dispatch(markAllRead());
  };

  let body;
  if (error && !data) body = <ListError error={error} onRetry={() => void mutate()} title="We could not load your notifications" />;
  else if (isLoading && !data) body = <Skeleton active avatar paragraph={{ rows: 2 }} />;
  else if (!items.length) body = <Empty description={filter === 'unread' ? 'No unread notifications' : 'No notifications yet'} />;
  else {
    body = (
      <ul className={`${styles.list} ${styles.pageList}`} aria-label="Notifications">
        {items.map((n) => (
          <li key={n._id}>
            <NotificationItem notification={n} onOpen={open} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className={styles.page}>
      <div className={styles.pageHead}>
        <Flex vertical gap={2}>
          <Typography.Title level={2} style={{ margin: 0 }}>
            Notifications
          </Typography.Title>
          <Typography.Text type="secondary" data-testid="unread-summary">
            {unreadTotal === 0 ? 'All read' : `${unreadTotal} unread`}
          </Typography.Text>
        </Flex>
        <Flex gap={8} wrap align="center">
          <Segmented<Filter>
            aria-label="Show"
            options={FILTERS}
            value={filter}
            onChange={(value) => list.setFilter({ filter: value === 'all' ? undefined : value })}
          />
          <Button icon={<CheckOutlined />} disabled={unreadTotal === 0} onClick={readAll}>
            Mark all as read
          </Button>
        </Flex>
      </div>
      <Flex vertical gap={16}>
        {body}
        <ListPager current={list.current} pageSize={list.pageSize} total={total} onChange={(current) => list.setPage(current)} />
      </Flex>
    </div>
  );
}
