import { theme } from 'antd';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { CreatorDashboardStats } from '@/common/contract/creator-dashboard';
import { formatCompact, formatTokens } from '@/client/lib/format-amount';
import { formatAxisDay } from '@/client/lib/format-date';


/**
 * Net earnings per UTC day (recharts), loaded only on the dashboard and only in the browser
 * (`next/dynamic`, ssr: false). Colours come from the antd theme tokens, so dark mode reads well.
 */
export function EarningsDayChart({ data, height }: { data: CreatorDashboardStats['series']; height: number }) {
  const { token } = theme.useToken();
  const tick = { fill: token.colorTextSecondary, fontSize: 12 };
  return (
    <div role="img" aria-label={`Net earnings per day, last ${data.length} days`}>
      <ResponsiveContainer width="100%" height={height}>
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke={token.colorBorderSecondary} vertical={false} />
          <XAxis dataKey="date" tickFormatter={(day: string) => formatAxisDay(day)} tick={tick} stroke={token.colorBorder} minTickGap={16} />
          <YAxis tickFormatter={(v: number) => formatCompact(v)} tick={tick} stroke={token.colorBorder} width={44} />
          <Tooltip
            cursor={{ fill: token.colorFillTertiary }}
            labelFormatter={(label) => formatAxisDay(String(label))}
            formatter={(value) => formatTokens(Number(value))}
            contentStyle={{ background: token.colorBgElevated, border: `1px solid ${token.colorBorder}`, borderRadius: token.borderRadius, color: token.colorText }}
            labelStyle={{ color: token.colorText }}
            itemStyle={{ color: token.colorText }}
          />
          <Bar dataKey="net" name="Net earnings" fill={token.colorPrimary} radius={[3, 3, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
