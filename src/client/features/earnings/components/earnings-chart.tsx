import { Empty, theme } from 'antd';
import type { EarningPeriod, EarningStats } from '@/common/contract/earnings';
import { formatTokens } from '@/client/features/content/format-tokens';

const WIDTH = 720;
const HEIGHT = 200;
const LABEL_ROWS = 20;

const labelOf = (start: string, period: EarningPeriod) => {
  const d = new Date(`${start}T00:00:00Z`);
  return period === 'month'
    ? d.toLocaleDateString('en-US', { month: 'short', year: '2-digit', timeZone: 'UTC' })
    : d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
};

/**
 * Net earnings per bucket as plain SVG bars (antd has no charts and one bar chart does not
 * justify a chart library). Each bar carries a <title> tooltip; the figure has a text summary.
 */
export function EarningsChart({ series, period }: { series: EarningStats['series']; period: EarningPeriod }) {
  const { token } = theme.useToken();
  if (!series.length || series.every((b) => b.net === 0)) return <Empty description="No earnings in this period yet." />;
  const max = Math.max(...series.map((b) => b.net));
  const slot = WIDTH / series.length;
  const bar = Math.max(2, slot * 0.7);
  const plot = HEIGHT - LABEL_ROWS;
  // Label every n-th bucket so the text never overlaps.
  const every = Math.ceil(series.length / 8);
  const total = series.reduce((s, b) => s + b.net, 0);
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width="100%"
      role="img"
      aria-label={`Net earnings per ${period}: ${formatTokens(Math.round(total * 100) / 100)} in total over ${series.length} ${period}s`}
      style={{ display: 'block' }}
    >
      <line x1={0} x2={WIDTH} y1={plot} y2={plot} stroke={token.colorBorder} />
      {series.map((b, i) => {
        const h = max > 0 ? (b.net / max) * (plot - 8) : 0;
        const x = i * slot + (slot - bar) / 2;
        return (
          <g key={b.start}>
            <rect x={x} y={plot - h} width={bar} height={Math.max(h, b.net > 0 ? 1 : 0)} rx={2} fill={token.colorPrimary}>
              <title>{`${labelOf(b.start, period)}: ${formatTokens(b.net)} net (${b.count} sale${b.count === 1 ? '' : 's'})`}</title>
            </rect>
            {i % every === 0 ? (
              <text x={i * slot + slot / 2} y={HEIGHT - 4} fontSize={11} textAnchor="middle" fill={token.colorTextSecondary}>
                {labelOf(b.start, period)}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}
