import type { CreatorDashboardStats } from '@/common/contract/creator-dashboard';
import { DayBarChart } from '@/client/components/day-bar-chart';

type Day = CreatorDashboardStats['series'][number];

/** Net earnings per UTC day; loaded only on the dashboard, in the browser (earnings-chart-card.tsx). */
export function EarningsDayChart({ data, height }: { data: Day[]; height: number }) {
  return <DayBarChart data={data} height={height} label={`Net earnings per day, last ${data.length} days`} bars={[{ key: 'net', name: 'Net earnings', colour: 'colorPrimary' }]} />;
}
