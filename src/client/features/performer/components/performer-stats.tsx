import { Tooltip, Typography } from 'antd';
import type { PerformerStats as Stats } from '@/common/contract/performers';
import { formatCompact, formatCount } from '@/client/lib/format-amount';
import styles from './performer-profile.module.css';

const ITEMS: { key: keyof Stats; label: string }[] = [
  { key: 'posts', label: 'Posts' },
  { key: 'photos', label: 'Photos' },
  { key: 'videos', label: 'Videos' },
  { key: 'followers', label: 'Followers' },
  { key: 'likes', label: 'Likes' },
  { key: 'subscribers', label: 'Subscribers' },
];

/** The six counters of a creator (three per row on phones, one row on wider screens). */
export function PerformerStats({ stats }: { stats: Stats }) {
  return (
    <dl className={styles.stats} aria-label="Stats">
      {ITEMS.map(({ key, label }) => (
        <div key={key} className={styles.stat} data-testid={`stat-${key}`}>
          <dt>
            <Typography.Text type="secondary">{label}</Typography.Text>
          </dt>
          <dd>
            <Tooltip title={formatCount(stats[key])}>
              <Typography.Text strong className={styles.statValue}>
                {formatCompact(stats[key])}
              </Typography.Text>
            </Tooltip>
          </dd>
        </div>
      ))}
    </dl>
  );
}
