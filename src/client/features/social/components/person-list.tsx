import type { ReactNode } from 'react';
import { Avatar, Skeleton } from 'antd';
import type { UserPublic } from '@/common/contract/users';
import { AVATAR_PLACEHOLDER } from '@/client/features/user/default-user';
import styles from './person-list.module.css';

export interface PersonItem {
  key: string;
  person: Pick<UserPublic, 'name' | 'username' | 'avatar'>;
  /** A line under the name: when they followed, when they were blocked. */
  detail?: ReactNode;
  /** A longer note (a block reason). */
  note?: ReactNode;
  actions?: ReactNode;
}

/** People in a bordered list: avatar, name, @username, a detail line and per-row actions. */
export function PersonList({ items, label }: { items: PersonItem[]; label: string }) {
  return (
    <ul className={styles.list} aria-label={label}>
      {items.map(({ key, person, detail, note, actions }) => (
        <li className={styles.row} key={key} data-testid="person-row">
          <Avatar src={person.avatar || AVATAR_PLACEHOLDER} alt="" size={44} />
          <div className={styles.who}>
            <span className={styles.name}>{person.name || person.username}</span>
            <span className={styles.sub}>
              {person.username ? `@${person.username}` : null}
              {person.username && detail ? ' · ' : null}
              {detail}
            </span>
            {note ? <span className={styles.note}>{note}</span> : null}
          </div>
          {actions ? <div className={styles.actions}>{actions}</div> : null}
        </li>
      ))}
    </ul>
  );
}

/** Placeholder rows while a list of people loads. */
export function PersonListSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <ul className={styles.list} aria-busy="true" aria-label="Loading">
      {Array.from({ length: rows }, (_, i) => (
        <li key={i} className={`${styles.row} ${styles.skeletonRow}`}>
          <Skeleton avatar={{ size: 44 }} active title={{ width: '40%' }} paragraph={{ rows: 1, width: '25%' }} />
        </li>
      ))}
    </ul>
  );
}
