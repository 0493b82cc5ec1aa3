import { Empty, Grid, theme } from 'antd';
import type { EarningPeriod, EarningStats } from '@/common/contract/earnings';
import { formatTokens } from '@/client/lib/format-amount';
import { formatAxisDay } from '@/client/lib/format-date';

// The drawing's own width: a phone draws half as wide, so its labels come out at a readable size.
const WIDE = 720;
const NARROW = 360;
const HEIGHT = 200;
const LABEL_ROWS = 20;

const labelOf = (start: string, period: EarningPeriod) => formatAxisDay(start, { month: period === 'month' });

/**
 * Net earnings per bucket as plain SVG bars (antd has no charts and one bar chart does not
 * justify a chart library). Each bar carries a <title> tooltip; the figure has a text summary.
 */
export function EarningsChart({ series, period }: { series: EarningStats['series']; period: EarningPeriod }) {
  const { token } = theme.useToken();
  const narrow = Grid.useBreakpoint().md === false;
  if (!series.length || series.every((b) => b.net === 0)) return <Empty description="No earnings in this period yet." />;
  const max = Math.max(...series.map((b) => b.net));
  const width = narrow ? NARROW : WIDE;
  const slot = width / series.length;
  const bar = Math.max(2, slot * 0.7);
  const plot = HEIGHT - LABEL_ROWS;
  // Label every n-th bucket so the text never overlaps.
  const every = Math.ceil(series.length / (narrow ? 4 : 8));
  const total = series.reduce((s, b) => s + b.net, 0);
  return (
    <svg
      viewBox={`0 0 ${width} ${HEIGHT}`}
      width="100%"
      role="img"
      aria-label={`Net earnings per ${period}: ${formatTokens(Math.round(total * 100) / 100)} in total over ${series.length} ${period}s`}
      style={{ display: 'block' }}
    >
      <line x1={0} x2={width} y1={plot} y2={plot} stroke={token.colorBorder} />
      {series.map((b, i) => {
        const h = max > 0 ? (b.net / max) * (plot - 8) : 0;
        const x = i * slot + (slot - bar) / 2;
        return (
          <g key={b.start}>
            <rect x={x} y={plot - h} width={bar} height={Math.max(h, b.net > 0 ? 1 : 0)} rx={2} fill={token.colorPrimary}>
              <title>{`${labelOf(b.start, period)}: ${formatTokens(b.net)} net (${b.count} sale${b.count === 1 ? '' : 's'})`}</title>
            </rect>
            {i % every === 0 ? (
              // The first label starts at the left edge rather than centring past it.
              <text x={i === 0 ? 0 : i * slot + slot / 2} y={HEIGHT - 4} fontSize={11} textAnchor={i === 0 ? 'start' : 'middle'} fill={token.colorTextSecondary}>
                {labelOf(b.start, period)}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}
