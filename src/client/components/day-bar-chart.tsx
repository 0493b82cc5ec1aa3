import { theme } from 'antd';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCompact, formatTokens } from '@/client/lib/format-amount';
import { formatAxisDay } from '@/client/lib/format-date';

type ColourToken = 'colorPrimary' | 'colorSuccess' | 'colorWarning';

export interface DayBar<Row> {
  key: Extract<keyof Row, string>;
  name: string;
  colour: ColourToken;
}

/**
 * Token amounts per UTC day as bars (recharts), the one chart of the creator and operator
 * dashboards. Load it only in the browser, on the pages that draw it (`next/dynamic`, ssr: false):
 * the library is large and draws with measured sizes. Every colour comes from the antd theme
 * tokens, so axes, grid and tooltip stay readable in dark mode. A legend shows with two bars or more.
 */
export function DayBarChart<Row extends { date: string }>({ data, bars, height, label }: { data: Row[]; bars: DayBar<Row>[]; height: number; label: string }) {
  const { token } = theme.useToken();
  const tick = { fill: token.colorTextSecondary, fontSize: 12 };
  return (
    <div role="img" aria-label={label}>
      <ResponsiveContainer width="100%" height={height}>
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke={token.colorBorderSecondary} vertical={false} />
          <XAxis dataKey="date" tickFormatter={(day: string) => formatAxisDay(day)} tick={tick} stroke={token.colorBorder} minTickGap={16} />
          <YAxis tickFormatter={(v: number) => formatCompact(v)} tick={tick} stroke={token.colorBorder} width={48} />
          <Tooltip
            cursor={{ fill: token.colorFillTertiary }}
            labelFormatter={(day) => formatAxisDay(String(day))}
            formatter={(value) => formatTokens(Number(value))}
            contentStyle={{ background: token.colorBgElevated, border: `1px solid ${token.colorBorder}`, borderRadius: token.borderRadius, color: token.colorText }}
            labelStyle={{ color: token.colorText }}
            itemStyle={{ color: token.colorText }}
          />
          {bars.length > 1 ? <Legend wrapperStyle={{ color: token.colorText }} /> : null}
          {bars.map((bar) => (
            <Bar key={bar.key} dataKey={bar.key} name={bar.name} fill={token[bar.colour]} radius={[3, 3, 0, 0]} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
