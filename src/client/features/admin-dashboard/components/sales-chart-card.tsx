import dynamic from 'next/dynamic';
import { Card, Skeleton, Typography } from 'antd';
import type { SalesDay } from '@/common/contract/admin-stats';

const SALES_CHART_HEIGHT = 300;

// recharts loads with the dashboard only, and only in the browser; a skeleton holds its place.
const SalesChart = dynamic(() => import('./sales-chart').then((m) => m.SalesChart), {
  ssr: false,
  loading: () => (
    <div role="status" aria-label="Loading the chart" style={{ height: SALES_CHART_HEIGHT }}>
      <Skeleton active title={false} paragraph={{ rows: 7 }} />
    </div>
  ),
});

/** The 30-day chart with what it shows and how refunds count, in words. */
export function SalesChartCard({ sales }: { sales: SalesDay[] }) {
  return (
    <Card title="Sales per day (UTC), last 30 days">
      <SalesChart data={sales} height={SALES_CHART_HEIGHT} />
      <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0', fontSize: 12 }}>
        Gross sales: what fans paid for wallet purchases, tips and subscriptions, in tokens. Platform revenue: the platform&apos;s
        commission on them. A refund lowers the day it was made.
      </Typography.Paragraph>
    </Card>
  );
}
