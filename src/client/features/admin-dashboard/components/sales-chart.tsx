import { theme } from 'antd';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { SalesDay } from '@/common/contract/admin-stats';
import { formatCompact, formatTokens } from '@/client/lib/format-amount';
import { formatAxisDay } from '@/client/lib/format-date';


/**
 * Gross sales and platform revenue per UTC day (recharts). Loaded only on the dashboard, in the
 * browser (`next/dynamic`, ssr: false): the library is large and draws with measured sizes. Every
 * colour comes from the antd theme tokens, so axes, grid and tooltip stay readable in dark mode.
 */
export function SalesChart({ data, height }: { data: SalesDay[]; height: number }) {
  const { token } = theme.useToken();
  const tick = { fill: token.colorTextSecondary, fontSize: 12 };
  return (
    <div role="img" aria-label={`Gross sales and platform revenue per day, ${data.length} days`}>
      <ResponsiveContainer width="100%" height={height}>
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke={token.colorBorderSecondary} vertical={false} />
          <XAxis dataKey="date" tickFormatter={(day: string) => formatAxisDay(day)} tick={tick} stroke={token.colorBorder} minTickGap={16} />
          <YAxis tickFormatter={(v: number) => formatCompact(v)} tick={tick} stroke={token.colorBorder} width={48} />
          <Tooltip
            cursor={{ fill: token.colorFillTertiary }}
            labelFormatter={(label) => formatAxisDay(String(label))}
            formatter={(value) => formatTokens(Number(value))}
            contentStyle={{ background: token.colorBgElevated, border: `1px solid ${token.colorBorder}`, borderRadius: token.borderRadius, color: token.colorText }}
            labelStyle={{ color: token.colorText }}
            itemStyle={{ color: token.colorText }}
          />
          <Legend wrapperStyle={{ color: token.colorText }} />
          <Bar dataKey="grossSales" name="Gross sales" fill={token.colorPrimary} radius={[3, 3, 0, 0]} />
          <Bar dataKey="platformRevenue" name="Platform revenue" fill={token.colorSuccess} radius={[3, 3, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
