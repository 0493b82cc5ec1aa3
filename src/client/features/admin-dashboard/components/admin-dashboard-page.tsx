import { Button, Card, Col, Flex, Row, Skeleton } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { adminStatsRoutes, type AdminStats, type LedgerCheckRun } from '@/common/contract/admin-stats';
import { AdminPageHeader } from '@/client/components/admin-page-header';
import { ListError } from '@/client/components/list-error';
import { useRouteData } from '@/client/hooks/use-route-data';
import { LedgerHealthCard } from './ledger-health-card';
import { QueueCards } from './queue-cards';
import { SalesChartCard } from './sales-chart-card';
import { StatCards } from './stat-cards';

/** Placeholders in the shape of the dashboard while its figures load. */
function DashboardSkeleton() {
  return (
    <Flex vertical gap={16} role="status" aria-label="Loading the dashboard">
      <Row gutter={[16, 16]}>
        {[12, 6, 6].map((span, i) => (
          <Col key={i} xs={24} lg={span}>
            <Card><Skeleton active paragraph={{ rows: 2 }} /></Card>
          </Col>
        ))}
      </Row>
      <Card><Skeleton active paragraph={{ rows: 7 }} /></Card>
    </Flex>
  );
}

/**
 * /admin, the console's home: sign-ups, subscriptions and 30 days of sales from the database and
 * the ledger, what waits in each queue, and the ledger's health with a check on demand.
 */
export function AdminDashboardPage() {
  const { data, error, mutate, isValidating } = useRouteData(adminStatsRoutes.stats, {});
  const stats = data?.data;

  // The new run replaces the last one at once; the rest of the figures stay as they were.
  const showRun = (run: LedgerCheckRun) =>
    void mutate((current) => (current ? { data: { ...current.data, ledgerCheck: run } satisfies AdminStats } : current), { revalidate: false });

  return (
    <Flex vertical gap={16}>
      <AdminPageHeader
        title="Dashboard"
        description="How the site is doing and what waits for you. Days are UTC days."
        extra={stats ? <Button icon={<ReloadOutlined />} loading={isValidating} onClick={() => void mutate()}>Refresh</Button> : null}
      />
      {error && !stats ? (
        <ListError error={error} onRetry={() => void mutate()} title="We could not load the dashboard" />
      ) : !stats ? (
        <DashboardSkeleton />
      ) : (
        <>
          <StatCards stats={stats} />
          <SalesChartCard sales={stats.sales} />
          <QueueCards queues={stats.queues} />
          <LedgerHealthCard run={stats.ledgerCheck} onChecked={showRun} />
        </>
      )}
    </Flex>
  );
}
