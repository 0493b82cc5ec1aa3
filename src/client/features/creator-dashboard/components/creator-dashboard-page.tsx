import { Alert, Button, Card, Col, Flex, Row, Skeleton, Typography } from 'antd';
import { PlusOutlined, ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import { creatorDashboardRoutes, type CreatorDashboardStats } from '@/common/contract/creator-dashboard';
import { ListError } from '@/client/components/list-error';
import { LinkButton } from '@/client/components/link-button';
import { useRouteData } from '@/client/hooks/use-route-data';
import { useAppSelector } from '@/client/store/hooks';
import { formatTokens } from '@/client/lib/format-amount';
import { DashboardStatCards } from './dashboard-stat-cards';
import { EarningsChartCard } from './earnings-chart-card';
import { TopContentCard } from './top-content-card';

const likes = (n: number) => `${n} ${n === 1 ? 'like' : 'likes'}`;

/** Placeholders in the shape of the dashboard while its figures load. */
function DashboardSkeleton() {
  return (
    <Flex vertical gap={16} role="status" aria-label="Loading the dashboard">
      <Row gutter={[16, 16]}>
        {[0, 1, 2, 3].map((i) => (
          <Col key={i} xs={12} md={8} xl={6}>
            <Card><Skeleton active title={false} paragraph={{ rows: 2 }} /></Card>
          </Col>
        ))}
      </Row>
      <Card><Skeleton active paragraph={{ rows: 6 }} /></Card>
    </Flex>
  );
}

/** What the verification status means for getting paid; nothing once approved. */
function VerificationAlert({ verification }: { verification: CreatorDashboardStats['verification'] }) {
  if (verification.status === 'approved') return null;
  const link = <LinkButton href="/creator/account?tab=documents" size="small">Identity documents</LinkButton>;
  if (verification.status === 'pending') {
    return <Alert type="info" showIcon title="Your identity documents are waiting for review" description="Fans can pay you once an operator approves them." />;
  }
  if (verification.status === 'rejected') {
    return (
      <Alert
        type="error"
        showIcon
        title="Your identity documents were not approved"
        description={verification.note ? `Reason: ${verification.note}` : 'Upload new documents to be reviewed again.'}
        action={link}
      />
    );
  }
  return <Alert type="warning" showIcon title="Verify your identity to get paid" description="Send your identity documents so fans can pay you." action={link} />;
}

/**
 * /creator/dashboard, the creator's home (issue 14): earnings today / 7 / 30 days and their chart,
 * subscribers, followers, views, the best content, orders to ship, the payout balance and the
 * verification status, all from `GET /performer/dashboard/stats`. Days are UTC days.
 */
export function CreatorDashboardPage() {
  const user = useAppSelector((s) => s.user.current);
  const { data, error, mutate, isValidating } = useRouteData(creatorDashboardRoutes.stats, {});
  const stats = data?.data;

  let body;
  if (error && !stats) body = <ListError error={error} onRetry={() => void mutate()} title="We could not load your dashboard" />;
  else if (!stats) body = <DashboardSkeleton />;
  else {
    body = (
      <>
        <VerificationAlert verification={stats.verification} />
        <DashboardStatCards stats={stats} />
        <EarningsChartCard series={stats.series} />
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={12}>
            <TopContentCard
              title="Top content by earnings (30 days)"
              items={stats.topByEarnings}
              format={formatTokens}
              empty="Nothing sold in the last 30 days. Posts, videos and galleries for sale show up here."
            />
          </Col>
          <Col xs={24} lg={12}>
            <TopContentCard title="Most liked content" items={stats.topByLikes} format={likes} empty="No likes yet." />
          </Col>
        </Row>
      </>
    );
  }

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="flex-start" gap={12} wrap>
        <div style={{ minWidth: 0 }}>
          <Typography.Title level={2} style={{ margin: 0 }}>Dashboard</Typography.Title>
          <Typography.Text type="secondary">
            Welcome back, {user.name || user.username}. Days are UTC days.
          </Typography.Text>
        </div>
        <Flex gap={8} wrap>
          <LinkButton href="/creator/my-post/create" type="primary" icon={<PlusOutlined />}>New post</LinkButton>
          <LinkButton href="/creator/my-video/upload" icon={<UploadOutlined />}>Upload video</LinkButton>
          {stats ? (
            <Button icon={<ReloadOutlined />} loading={isValidating} onClick={() => void mutate()} aria-label="Refresh the dashboard" />
          ) : null}
        </Flex>
      </Flex>
      {body}
    </Flex>
  );
}
