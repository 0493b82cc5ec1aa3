import type { MouseEvent } from 'react';
import { useRouter } from 'next/router';
import { Avatar } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import type { Notification } from '@/common/contract/notifications';
import { notificationText } from '@/common/lib/notification-text';
import { RelativeTime } from '@/client/components/relative-time';
import { formatDate } from '@/client/lib/format-date';
import { AVATAR_PLACEHOLDER } from '@/client/features/user/default-user';
import styles from './notifications.module.css';

/** The sentence of a notification, its dates written the one way the site writes dates. */
export const notificationSentence = (n: Notification) => notificationText(n, (iso) => formatDate(iso));

const modified = (e: MouseEvent) => e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0;

interface Props {
  notification: Notification;
  /** Marks it read (when unread) and lets the caller close what it is in. */
  onOpen: (notification: Notification) => void;
}

/**
 * One notification: who, the sentence, when, and a dot while unread. With a link it is one `<a>`
 * (a modified click opens a new tab, as links do, and still marks it read); without, a button.
 */
export function NotificationItem({ notification: n, onOpen }: Props) {
  const router = useRouter();
  const unread = !n.readAt;
  const sentence = notificationSentence(n);
  const body = (
    <>
      {n.actor ? (
        <Avatar src={n.actor.avatar || AVATAR_PLACEHOLDER} alt="" size={40} className={styles.avatar} />
      ) : (
        <Avatar icon={<BellOutlined />} size={40} className={styles.avatar} />
      )}
      <span className={styles.itemText}>
        <span className={styles.sentence}>{sentence}</span>
        <span className={styles.time}>
          <RelativeTime value={n.createdAt} />
        </span>
      </span>
      {unread ? (
        <span className={styles.unreadDot}>
          <span className="sr-only">Unread</span>
        </span>
      ) : null}
    </>
  );
  const className = `${styles.item} ${unread ? styles.unread : ''}`;

  if (!n.link) {
    return (
      <button type="button" className={className} onClick={() => onOpen(n)} data-testid="notification-item">
        {body}
      </button>
    );
  }
  const link = n.link;
  const open = (e: MouseEvent) => {
    onOpen(n);
    if (modified(e)) return;
    e.preventDefault();
    void router.push(link);
  };
  return (
    <a href={link} className={className} onClick={open} data-testid="notification-item">
      {body}
    </a>
  );
}
