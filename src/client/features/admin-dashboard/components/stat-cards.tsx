import { Card, Col, Flex, Row, Statistic, Typography } from 'antd';
import type { AdminStats } from '@/common/contract/admin-stats';
import { formatTokens } from '@/client/lib/format-amount';

type Counts = AdminStats['signups']['fans'];

/** Today / 7 days / 30 days side by side, with their own labels so a screen reader reads them apart. */
function SignupCounts({ label, counts }: { label: string; counts: Counts }) {
  return (
    <Flex vertical gap={4}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <Flex gap={16} wrap>
        {([['today', 'Today'], ['week', '7 days'], ['month', '30 days']] as const).map(([key, title]) => (
          <Statistic key={key} title={title} value={counts[key]} aria-label={`${label} ${title.toLowerCase()}: ${counts[key]}`} />
        ))}
      </Flex>
    </Flex>
  );
}

/** The dashboard's headline figures: sign-ups, subscriptions with access now, and 30-day totals. */
export function StatCards({ stats }: { stats: AdminStats }) {
  const gross = stats.sales.reduce((sum, d) => sum + d.grossSales, 0);
  const revenue = stats.sales.reduce((sum, d) => sum + d.platformRevenue, 0);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <Card title="Sign-ups" style={{ height: '100%' }}>
          <Flex gap={32} wrap>
            <SignupCounts label="Fans" counts={stats.signups.fans} />
            <SignupCounts label="Creators" counts={stats.signups.creators} />
          </Flex>
        </Card>
      </Col>
      <Col xs={24} sm={12} lg={6}>
        <Card title="Subscriptions" style={{ height: '100%' }}>
          <Statistic title="Active now" value={stats.activeSubscriptions} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>Free ones included</Typography.Text>
        </Card>
      </Col>
      <Col xs={24} sm={12} lg={6}>
        <Card title="Last 30 days" style={{ height: '100%' }}>
          <Flex vertical gap={8}>
            <Statistic title="Gross sales" value={formatTokens(gross)} />
            <Statistic title="Platform revenue" value={formatTokens(revenue)} />
          </Flex>
        </Card>
      </Col>
    </Row>
  );
}
