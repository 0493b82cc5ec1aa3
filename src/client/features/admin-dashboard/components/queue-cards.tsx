import type { ReactNode } from 'react';
import Link from 'next/link';
import { Badge, Card, Col, Flex, Row, Typography } from 'antd';
import { FlagOutlined, MailOutlined, SafetyCertificateOutlined, VideoCameraOutlined, WalletOutlined } from '@ant-design/icons';
import type { AdminQueues } from '@/common/contract/admin-stats';

interface Queue {
  key: keyof AdminQueues;
  title: string;
  hint: string;
  icon: ReactNode;
  /** The console page that works the queue; none for failed media (creators upload again). */
  href?: string;
}

const QUEUES: Queue[] = [
  { key: 'pendingVerifications', title: 'Creators to verify', hint: 'Identity documents waiting for review', icon: <SafetyCertificateOutlined />, href: '/admin/creator-verifications' },
  { key: 'openReports', title: 'Open reports', hint: 'Reports nobody has handled yet', icon: <FlagOutlined />, href: '/admin/reports' },
  { key: 'pendingPayouts', title: 'Payout requests', hint: 'Creators waiting to be paid', icon: <WalletOutlined />, href: '/admin/payout-requests' },
  { key: 'newContactMessages', title: 'New contact messages', hint: 'Messages nobody has read', icon: <MailOutlined />, href: '/admin/contact-messages' },
  { key: 'failedMediaJobs', title: 'Failed media', hint: 'Uploads whose processing failed in the last 30 days; their creators see why', icon: <VideoCameraOutlined /> },
];

function QueueCard({ queue, count }: { queue: Queue; count: number }) {
  const body = (
    <Card hoverable={Boolean(queue.href)} size="small" style={{ height: '100%' }}>
      <Flex gap={12} align="flex-start">
        <span style={{ fontSize: 22, color: count ? '#42b1e8' : undefined }} aria-hidden>{queue.icon}</span>
        <Flex vertical gap={2} style={{ minWidth: 0 }}>
          <Flex gap={8} align="center">
            <Typography.Text strong>
              {queue.title}
              <span className="sr-only">: {count} waiting</span>
            </Typography.Text>
            <Badge count={count} showZero overflowCount={999} color={count ? undefined : 'gray'} aria-hidden />
          </Flex>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>{queue.hint}</Typography.Text>
        </Flex>
      </Flex>
    </Card>
  );
  // The link is named by what it shows (the title, then the count for screen readers, then the
  // hint), so the name people hear and the words they see agree.
  return queue.href ? (
    <Link href={queue.href} style={{ display: 'block', height: '100%' }}>{body}</Link>
  ) : (
    <div aria-label={`${queue.title}: ${count} waiting`} role="group" style={{ height: '100%' }}>{body}</div>
  );
}

/** What waits for operators, each card opening the page that works its queue. */
export function QueueCards({ queues }: { queues: AdminQueues }) {
  return (
    <Row gutter={[16, 16]}>
      {QUEUES.map((queue) => (
        <Col key={queue.key} xs={24} sm={12} xl={8}>
          <QueueCard queue={queue} count={queues[queue.key]} />
        </Col>
      ))}
    </Row>
  );
}
