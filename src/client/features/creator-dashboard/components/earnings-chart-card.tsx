import dynamic from 'next/dynamic';
import { Card, Empty, Skeleton, Typography } from 'antd';
import type { CreatorDashboardStats } from '@/common/contract/creator-dashboard';

const CHART_HEIGHT = 260;

// recharts loads with the dashboard only, and only in the browser; a skeleton holds its place.
const EarningsDayChart = dynamic(() => import('./earnings-day-chart').then((m) => m.EarningsDayChart), {
  ssr: false,
  loading: () => (
    <div role="status" aria-label="Loading the chart" style={{ height: CHART_HEIGHT }}>
      <Skeleton active title={false} paragraph={{ rows: 6 }} />
    </div>
  ),
});

/** The 30-day chart of net earnings, or an empty state before the first sale. */
export function EarningsChartCard({ series }: { series: CreatorDashboardStats['series'] }) {
  const empty = series.every((d) => d.net === 0);
  return (
    <Card title="Net earnings, last 30 days">
      {empty ? (
        <Empty description="No earnings in the last 30 days yet. Tips, sales and subscriptions show up here." />
      ) : (
        <EarningsDayChart data={series} height={CHART_HEIGHT} />
      )}
      <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0', fontSize: 12 }}>
        Per UTC day: what you earned after the platform&apos;s commission, in tokens. A refunded sale does not count.
      </Typography.Paragraph>
    </Card>
  );
}
