import { Card, Col, Flex, Row, Skeleton, Statistic, Typography } from 'antd';
import { useSWRConfig } from 'swr';
import { payoutRoutes } from '@/common/contract/payouts';
import { formatTokens } from '@/client/lib/format-amount';
import { useQueryList } from '@/client/hooks/use-query-list';
import { useRouteData } from '@/client/hooks/use-route-data';
import { ListError } from '@/client/components/list-error';
import { usePayoutCalculation } from '../use-payout-calculation';
import { PayoutHistory } from './payout-history';
import { PayoutRequestForm } from './payout-request-form';

const PAYOUT_KEYS = new Set<string>([payoutRoutes.search.url, payoutRoutes.pendingReview.url, 'payout-calculation']);

/** /creator/payout-request: what can be requested, the request form, and the history. */
export function PayoutRequestPage() {
  const list = useQueryList({ pageSize: 10 });
  const calculation = usePayoutCalculation();
  const { mutate } = useSWRConfig();
  // Every payout read (calculation, history pages, pending check) is stale after a change.
  const refresh = () => mutate((key) => Array.isArray(key) && PAYOUT_KEYS.has(String(key[0])));
  const pendingReview = useRouteData(payoutRoutes.pendingReview, {});
  const calc = calculation.data;

  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Title level={2} style={{ margin: 0 }}>Payouts</Typography.Title>
        <Typography.Text type="secondary">Ask for your earnings to be sent to you. The amount is set aside until the team pays it out.</Typography.Text>
      </div>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={10}>
          <Card>
            {calc ? (
              <Flex vertical gap={12}>
                <Statistic title="Available" value={calc.available} precision={2} suffix="tokens" />
                <Typography.Text type="secondary">Minimum payout: {formatTokens(calc.minimum)}</Typography.Text>
              </Flex>
            ) : (
              <Skeleton active paragraph={{ rows: 1 }} />
            )}
          </Card>
        </Col>
        <Col xs={24} md={14}>
          <Card title="Request a payout">
            {calculation.error && !calc ? (
              <ListError error={calculation.error} onRetry={() => void calculation.mutate()} title="We could not load your balance" />
            ) : calc ? (
              <PayoutRequestForm calculation={calc} pending={pendingReview.data?.data.request ?? null} onChanged={refresh} />
            ) : (
              <Skeleton active />
            )}
          </Card>
        </Col>
      </Row>
      <Card title="My requests">
        <PayoutHistory list={list} onChanged={refresh} />
      </Card>
    </Flex>
  );
}
