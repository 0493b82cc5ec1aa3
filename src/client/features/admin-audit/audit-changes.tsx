import { Flex, Tag, Typography } from 'antd';
import { auditDiff, readableValue } from './audit-diff';
import styles from './audit-changes.module.css';

/**
 * The before → after of one audit row: a line per field, changed fields highlighted, values as
 * readable JSON, long text wrapped rather than widening the page. Stacked on phones.
 */
export function AuditChanges({ before, after }: { before: unknown; after: unknown }) {
  const rows = auditDiff(before, after);
  if (!rows.length) return <Typography.Text type="secondary">No values were recorded for this action.</Typography.Text>;
  return (
    <div className={styles.grid} role="table" aria-label="Changes">
      <div className={styles.head} role="row">
        <span role="columnheader">Field</span>
        <span role="columnheader">Before</span>
        <span role="columnheader">After</span>
      </div>
      {rows.map((row) => (
        <div key={row.key} className={`${styles.row} ${row.changed ? styles.changed : ''}`} role="row" data-changed={row.changed || undefined}>
          <Flex gap={6} align="center" role="cell" className={styles.key}>
            <Typography.Text code>{row.key}</Typography.Text>
            {row.changed ? <Tag color="gold">changed</Tag> : null}
          </Flex>
          <pre className={styles.value} role="cell" data-side="Before">{row.hasBefore ? readableValue(row.before) : '—'}</pre>
          <pre className={styles.value} role="cell" data-side="After">{row.hasAfter ? readableValue(row.after) : '—'}</pre>
        </div>
      ))}
    </div>
  );
}
