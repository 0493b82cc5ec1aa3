import type { ReactNode } from 'react';
import { Card, Statistic, Typography } from 'antd';

export interface StatFigureProps {
  /** Names the figure and its unit ("Net (tokens)"), so the figure itself can stay bare. */
  title: ReactNode;
  /** The figure, already formatted (`formatAmount`, `formatCount`). */
  value: string;
  /** A line under the figure: what it means, a count, a link. */
  note?: ReactNode;
  loading?: boolean;
  testId?: string;
}

/**
 * One figure in a card (dashboard, earnings). The figure keeps to one line at every width: the
 * unit lives in the title rather than after the number, and a figure wider than its card is cut
 * with an ellipsis (its full text in a tooltip) instead of wrapping under itself.
 */
export function StatFigure({ title, value, note, loading, testId }: StatFigureProps) {
  return (
    <Card style={{ height: '100%' }} styles={{ body: { padding: 16 } }} loading={loading}>
      <Statistic
        title={title}
        value={value}
        data-testid={testId}
        styles={{ content: { fontSize: 22, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } }}
        valueRender={(node) => <span title={value}>{node}</span>}
      />
      {note ? <Typography.Text type="secondary" style={{ fontSize: 12 }}>{note}</Typography.Text> : null}
    </Card>
  );
}
