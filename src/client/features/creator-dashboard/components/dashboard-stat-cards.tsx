import Link from 'next/link';
import { Col, Flex, Row } from 'antd';
import type { CreatorDashboardStats } from '@/common/contract/creator-dashboard';
import { StatFigure } from '@/client/components/stat-figure';
import { formatAmount, formatCount, formatTokens } from '@/client/lib/format-amount';

const sales = (n: number) => `${formatCount(n)} ${n === 1 ? 'sale' : 'sales'}`;

/**
 * The dashboard's figures: net earnings today / 7 d / 30 d (UTC days), the payout balance, then
 * subscribers, followers, views and orders waiting. Figures stay on one line (tokens are written
 * without the word, which the card's title carries).
 */
export function DashboardStatCards({ stats }: { stats: CreatorDashboardStats }) {
  const { earnings, subscribers, followers } = stats;
  const col = { xs: 12, md: 8, xl: 6 };
  return (
    <Flex vertical gap={16}>
      <Row gutter={[16, 16]}>
        <Col {...col}>
          <StatFigure title="Earned today (tokens)" value={formatAmount(earnings.today.net)} note={sales(earnings.today.count)} testId="earned-today" />
        </Col>
        <Col {...col}>
          <StatFigure title="Last 7 days (tokens)" value={formatAmount(earnings.week.net)} note={sales(earnings.week.count)} />
        </Col>
        <Col {...col}>
          <StatFigure title="Last 30 days (tokens)" value={formatAmount(earnings.month.net)} note={sales(earnings.month.count)} />
        </Col>
        <Col {...col}>
          <StatFigure
            title="Available for payout"
            value={formatAmount(stats.balance.available)}
            note={
              stats.balance.reserved > 0 ? (
                <>{formatTokens(stats.balance.reserved)} in a pending request · <Link href="/creator/payout-request">Payouts</Link></>
              ) : (
                <Link href="/creator/payout-request">Request a payout</Link>
              )
            }
          />
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col {...col}>
          <StatFigure
            title="Subscribers"
            value={formatCount(subscribers.active)}
            note={`+${formatCount(subscribers.new)} new · ${formatCount(subscribers.lapsed)} lapsed (30 d)`}
          />
        </Col>
        <Col {...col}>
          <StatFigure title="Followers" value={formatCount(followers.total)} note={`+${formatCount(followers.new)} in 30 days`} />
        </Col>
        <Col {...col}>
          <StatFigure
            title="Profile views"
            value={formatCount(stats.profileViews)}
            note={`${formatCount(stats.contentViews)} on videos and galleries (all time)`}
          />
        </Col>
        <Col {...col}>
          <StatFigure
            title="Orders to ship"
            value={formatCount(stats.pendingOrders)}
            note={<Link href="/creator/my-order">{stats.pendingOrders ? 'Ship them' : 'See orders'}</Link>}
          />
        </Col>
      </Row>
    </Flex>
  );
}
