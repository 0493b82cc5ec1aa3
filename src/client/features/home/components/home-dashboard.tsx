import Link from 'next/link';
import { Button, Card, Col, Flex, Row, Statistic, Typography } from 'antd';
import { IdcardOutlined, SettingOutlined, UserOutlined, WalletOutlined } from '@ant-design/icons';
import { useAppSelector } from '@/client/store/hooks';

/** The signed-in landing page: who you are, your balance, and the pages that exist so far. */
export function HomeDashboard() {
  const user = useAppSelector((s) => s.user.current);
  const accountHref = user.isPerformer ? '/creator/account' : '/user/account';
  const profileHref = `/${user.username || user._id}`;

  return (
    <Flex vertical gap={24}>
      <div>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {/* No time-of-day greeting: server and browser clocks may sit in different time zones. */}
          Welcome back, {user.name || user.username}!
        </Typography.Title>
        <Typography.Text type="secondary">
          {user.isPerformer ? 'Your creator space at a glance.' : 'Here is what is happening with your account.'}
        </Typography.Text>
      </div>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12} lg={8}>
          <Card style={{ height: '100%' }}>
            <Statistic
              title="Wallet balance"
              value={user.balance}
              precision={2}
              suffix="tokens"
              prefix={<WalletOutlined />}
              styles={{ content: { color: '#42b1e8' } }}
            />
            <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
              Tokens pay for tips, purchases and live shows.
            </Typography.Paragraph>
          </Card>
        </Col>
        <Col xs={24} md={12} lg={8}>
          <Card title={<><SettingOutlined /> Account</>} style={{ height: '100%' }}>
            <Typography.Paragraph type="secondary">Update your name, username, email, avatar and password.</Typography.Paragraph>
            <Link href={accountHref}>
              <Button>Account settings</Button>
            </Link>
          </Card>
        </Col>
        {user.isPerformer ? (
          <Col xs={24} md={12} lg={8}>
            <Card title={<><IdcardOutlined /> Your page</>} style={{ height: '100%' }}>
              <Typography.Paragraph type="secondary">See your public profile the way fans see it.</Typography.Paragraph>
              <Link href={profileHref}>
                <Button type="primary" icon={<UserOutlined />}>
                  View my profile
                </Button>
              </Link>
            </Card>
          </Col>
        ) : null}
      </Row>
    </Flex>
  );
}
