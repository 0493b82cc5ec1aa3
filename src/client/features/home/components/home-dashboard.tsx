import { Card, Col, Flex, Row, Statistic, Typography } from 'antd';
import {
  BookOutlined, IdcardOutlined, SettingOutlined, StopOutlined, TeamOutlined, UserOutlined, WalletOutlined,
} from '@ant-design/icons';
import { useAppSelector } from '@/client/store/hooks';
import { LinkButton } from '@/client/components/link-button';
import { TimelineSection } from '@/client/features/feeds/components/timeline-section';
import { CreatorShelf } from './creator-shelf';
import { PromoBanners } from './promo-banners';
import { VerificationNotice } from '@/client/features/performer/components/verification-notice';

/** The signed-in landing page: who you are, your balance, the operator's banners, and creators to discover. */
export function HomeDashboard() {
  const user = useAppSelector((s) => s.user.current);
  const accountHref = user.isPerformer ? '/creator/account' : '/user/account';
  const profileHref = `/${user.username || user._id}`;
  // Three cards for fans, four for creators: one row on wide screens either way.
  const col = { xs: 24, md: 12, lg: user.isPerformer ? 6 : 8 };

  return (
    <Flex vertical gap={32}>
      <div>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {/* No time-of-day greeting: server and browser clocks may sit in different time zones. */}
          Welcome back, {user.name || user.username}!
        </Typography.Title>
        <Typography.Text type="secondary">
          {user.isPerformer ? 'Your creator space at a glance.' : 'Here is what is happening with your account.'}
        </Typography.Text>
      </div>
      <VerificationNotice />
      <Row gutter={[16, 16]}>
        <Col {...col}>
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
        <Col {...col}>
          <Card title={<><SettingOutlined /> Account</>} style={{ height: '100%' }}>
            <Typography.Paragraph type="secondary">Update your name, username, email, avatar and password.</Typography.Paragraph>
            <LinkButton href={accountHref}>Account settings</LinkButton>
          </Card>
        </Col>
        {user.isPerformer ? (
          <>
            <Col {...col}>
              <Card title={<><IdcardOutlined /> Your page</>} style={{ height: '100%' }}>
                <Typography.Paragraph type="secondary">See your public profile the way fans see it.</Typography.Paragraph>
                <LinkButton href={profileHref} type="primary" icon={<UserOutlined />}>
                  View my profile
                </LinkButton>
              </Card>
            </Col>
            <Col {...col}>
              <Card title={<><TeamOutlined /> Your fans</>} style={{ height: '100%' }}>
                <Typography.Paragraph type="secondary">See who follows you, and keep out who should not.</Typography.Paragraph>
                <Flex gap={8} wrap>
                  <LinkButton href="/creator/followers">Followers</LinkButton>
                  <LinkButton href="/creator/blacklist" icon={<StopOutlined />}>
                    Blacklist
                  </LinkButton>
                </Flex>
              </Card>
            </Col>
          </>
        ) : (
          <Col {...col}>
            <Card title={<><BookOutlined /> Your creators</>} style={{ height: '100%' }}>
              <Typography.Paragraph type="secondary">The creators you follow and the ones you saved for later.</Typography.Paragraph>
              <Flex gap={8} wrap>
                <LinkButton href="/user/following">Following</LinkButton>
                <LinkButton href="/user/bookmarks">Bookmarks</LinkButton>
              </Flex>
            </Card>
          </Col>
        )}
      </Row>
      <TimelineSection />
      <CreatorShelf title="Suggested for you" source="random" emptyText="No suggestions yet. Check back soon!" />
      {/* Between the shelves: prominent without pushing the suggestions below the fold. */}
      <PromoBanners position="home" />
      <CreatorShelf title="Top creators" source="top" emptyText="No creators yet." />
    </Flex>
  );
}
