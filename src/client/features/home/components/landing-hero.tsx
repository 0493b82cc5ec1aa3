import Link from 'next/link';
import { Button, Card, Col, Flex, Row, Typography } from 'antd';
import { HeartOutlined, MessageOutlined, StarOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { useAppSelector } from '@/client/store/hooks';
import styles from './landing-hero.module.css';

const FEATURES = [
  { icon: <StarOutlined />, title: 'Subscribe', text: 'Unlock the posts, photos and videos of the creators you love.' },
  { icon: <HeartOutlined />, title: 'Support', text: 'Send tips and buy exclusive items straight from your wallet.' },
  { icon: <MessageOutlined />, title: 'Connect', text: 'Message creators directly and never miss a new post.' },
  { icon: <VideoCameraOutlined />, title: 'Go live', text: 'Creators stream live and chat with their fans in real time.' },
];

/** The public start page: name, pitch, and the ways in (or back in, when signed in). */
export function LandingHero() {
  const siteName = useAppSelector((s) => s.ui.siteName || s.settings.siteName);
  const loggedIn = useAppSelector((s) => s.auth.loggedIn);
  const user = useAppSelector((s) => s.user.current);

  return (
    <Flex vertical gap={48}>
      <section className={styles.hero}>
        <Typography.Text className={styles.kicker}>{siteName}</Typography.Text>
        <Typography.Title className={styles.title}>Where creators and their fans get closer.</Typography.Title>
        <Typography.Paragraph type="secondary" className={styles.pitch}>
          Follow the people you love, subscribe to their exclusive content, and support them directly. Creators earn from
          subscriptions, tips, sales and live shows.
        </Typography.Paragraph>
        {loggedIn ? (
          <Flex gap={12} wrap justify="center">
            <Link href="/home">
              <Button type="primary" size="large">
                Continue as {user.name || user.username}
              </Button>
            </Link>
            {user.isPerformer && user.username ? (
              <Link href={`/${user.username}`}>
                <Button size="large">My profile</Button>
              </Link>
            ) : null}
          </Flex>
        ) : (
          <Flex gap={12} wrap justify="center">
            <Link href="/auth/register">
              <Button type="primary" size="large">
                Sign up free
              </Button>
            </Link>
            <Link href="/auth/register/creator">
              <Button size="large">Become a creator</Button>
            </Link>
            <Link href="/auth/login">
              <Button size="large" type="text">
                Sign in
              </Button>
            </Link>
          </Flex>
        )}
      </section>
      <Row gutter={[16, 16]}>
        {FEATURES.map((f) => (
          <Col xs={24} sm={12} lg={6} key={f.title}>
            <Card style={{ height: '100%' }}>
              <div className={styles.featureIcon}>{f.icon}</div>
              <Typography.Title level={4} style={{ marginTop: 12 }}>
                {f.title}
              </Typography.Title>
              <Typography.Text type="secondary">{f.text}</Typography.Text>
            </Card>
          </Col>
        ))}
      </Row>
    </Flex>
  );
}
