import { useState } from 'react';
import { Alert, Button, Card, Flex, Tag, Typography } from 'antd';
import { CheckCircleOutlined, CloseCircleOutlined, SyncOutlined } from '@ant-design/icons';
import type { LedgerCheckRun } from '@/common/contract/admin-stats';
import { formatDate, formatRelative } from '@/client/lib/format-date';
import { getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { runLedgerCheck } from '../admin-dashboard.api';

interface Props {
  run: LedgerCheckRun | null;
  /** Called with the new run once a check finished, so the page shows it without reloading. */
  onChecked: (run: LedgerCheckRun) => void;
}

/**
 * Ledger health: the last check (result, when, who, every breach), and "Run check now", which
 * runs the invariants of `npm run ledger:check` on the server and keeps the result.
 */
export function LedgerHealthCard({ run, onChecked }: Props) {
  const [running, setRunning] = useState(false);

  const check = async () => {
    setRunning(true);
    try {
      const res = await runLedgerCheck();
      onChecked(res.data);
      if (res.data.ok) toast.success('The ledger is sound');
      else toast.error(`The ledger check found ${res.data.problems.length === 1 ? 'a problem' : 'problems'}`);
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setRunning(false);
    }
  };

  return (
    <Card
      title="Ledger health"
      extra={
        <Button icon={<SyncOutlined spin={running} />} loading={running} onClick={() => void check()}>
          Run check now
        </Button>
      }
    >
      {!run ? (
        <Typography.Text type="secondary">No check has run yet. Run one to verify every balance against its entries.</Typography.Text>
      ) : (
        <Flex vertical gap={12}>
          <Flex gap={8} align="center" wrap>
            {run.ok ? (
              <Tag icon={<CheckCircleOutlined />} color="success">Sound</Tag>
            ) : (
              <Tag icon={<CloseCircleOutlined />} color="error">Problems found</Tag>
            )}
            <Typography.Text>
              Checked <span title={formatDate(run.checkedAt, { withTime: true })}>{formatRelative(run.checkedAt)}</span>
              {run.checkedBy ? <> by @{run.checkedBy}</> : null} in {run.durationMs} ms
            </Typography.Text>
          </Flex>
          {run.ok ? (
            <Typography.Text type="secondary">Every transaction balances, every cached balance equals its entries, no account is negative.</Typography.Text>
          ) : (
            <Alert
              type="error"
              showIcon
              title={`${run.problems.length} ${run.problems.length === 1 ? 'problem' : 'problems'}: balances may be wrong, investigate before moving money.`}
              description={
                <ul aria-label="Ledger problems" style={{ margin: 0, paddingLeft: 18, maxHeight: 240, overflow: 'auto', overflowWrap: 'anywhere' }}>
                  {run.problems.map((problem) => (
                    <li key={problem} style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 12 }}>{problem}</li>
                  ))}
                </ul>
              }
            />
          )}
        </Flex>
      )}
    </Card>
  );
}
