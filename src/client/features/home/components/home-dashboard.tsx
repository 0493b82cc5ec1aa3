import { Card, Col, Flex, Row, Statistic, Typography } from 'antd';
import { AppstoreOutlined, BookOutlined, SettingOutlined, UserOutlined, WalletOutlined } from '@ant-design/icons';
import { useAppSelector } from '@/client/store/hooks';
import { LinkButton } from '@/client/components/link-button';
import { TimelineSection } from '@/client/features/feeds/components/timeline-section';
import { CreatorShelf } from './creator-shelf';
import { PromoBanners } from './promo-banners';
import { VerificationNotice } from '@/client/features/performer/components/verification-notice';

/**
 * The signed-in landing page: who you are, your balance, the operator's banners, and creators to
 * discover. Creators land on their studio dashboard instead; here they get a way to it, not a
 * fan's wallet card.
 */
export function HomeDashboard() {
  const user = useAppSelector((s) => s.user.current);
  const profileHref = `/${user.username || user._id}`;
  const col = { xs: 24, md: 12, lg: 8 };

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
      {user.isPerformer ? (
        // A creator's home is their studio; here, the timeline of the creators they follow.
        <Card>
          <Flex justify="space-between" align="center" gap={12} wrap>
            <Typography.Text>Earnings, subscribers and your tools are in your creator studio.</Typography.Text>
            <Flex gap={8} wrap>
              <LinkButton href="/creator/dashboard" type="primary" icon={<AppstoreOutlined />}>Open the studio</LinkButton>
              <LinkButton href={profileHref} icon={<UserOutlined />}>View my profile</LinkButton>
            </Flex>
          </Flex>
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          <Col {...col}>
            <Card style={{ height: '100%' }}>
              <Statistic
                title="Wallet balance"
                value={user.balance}
                precision={2}
                suffix="tokens"
                prefix={<WalletOutlined />}
                styles={{ content: { color: 'var(--app-primary-text)' } }}
              />
              <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
                Tokens pay for tips, purchases and live shows.
              </Typography.Paragraph>
            </Card>
          </Col>
          <Col {...col}>
            <Card title={<><SettingOutlined /> Account</>} style={{ height: '100%' }}>
              <Typography.Paragraph type="secondary">Update your name, username, email, avatar and password.</Typography.Paragraph>
              <LinkButton href="/user/account">Account settings</LinkButton>
            </Card>
          </Col>
          <Col {...col}>
            <Card title={<><BookOutlined /> Your creators</>} style={{ height: '100%' }}>
              <Typography.Paragraph type="secondary">The creators you follow and the ones you saved for later.</Typography.Paragraph>
              <Flex gap={8} wrap>
                <LinkButton href="/user/following">Following</LinkButton>
                <LinkButton href="/user/bookmarks">Bookmarks</LinkButton>
              </Flex>
            </Card>
          </Col>
        </Row>
      )}
      <TimelineSection />
      <CreatorShelf title="Suggested for you" source="random" emptyText="No suggestions yet. Check back soon!" />
      {/* Between the shelves: prominent without pushing the suggestions below the fold. */}
      <PromoBanners position="home" />
      <CreatorShelf title="Top creators" source="top" emptyText="No creators yet." />
    </Flex>
  );
}
