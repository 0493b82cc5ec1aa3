import type { SalesDay } from '@/common/contract/admin-stats';
import { DayBarChart, type DayBar } from '@/client/components/day-bar-chart';

const BARS: DayBar<SalesDay>[] = [
  { key: 'grossSales', name: 'Gross sales', colour: 'colorPrimary' },
  { key: 'platformRevenue', name: 'Platform revenue', colour: 'colorSuccess' },
];

/** Gross sales and platform revenue per UTC day; loaded only on the dashboard, in the browser (sales-chart-card.tsx). */
export function SalesChart({ data, height }: { data: SalesDay[]; height: number }) {
  return <DayBarChart data={data} height={height} label={`Gross sales and platform revenue per day, ${data.length} days`} bars={BARS} />;
}
