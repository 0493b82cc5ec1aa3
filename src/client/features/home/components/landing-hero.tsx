import { Flex, Typography } from 'antd';
import { CompassOutlined } from '@ant-design/icons';
import { useAppSelector } from '@/client/store/hooks';
import { LinkButton } from '@/client/components/link-button';
import styles from './landing-hero.module.css';

/** The public start page: name, pitch, and the ways in (or back in, when signed in). */
export function LandingHero() {
  const siteName = useAppSelector((s) => s.ui.siteName || s.settings.siteName);
  const loggedIn = useAppSelector((s) => s.auth.loggedIn);
  const user = useAppSelector((s) => s.user.current);

  return (
    <section className={styles.hero}>
      <Typography.Text className={styles.kicker}>{siteName}</Typography.Text>
      <Typography.Title className={styles.title}>Where creators and their fans get closer.</Typography.Title>
      <Typography.Paragraph type="secondary" className={styles.pitch}>
        Follow the people you love, subscribe to their exclusive content, and support them directly. Creators earn from
        subscriptions, tips, sales and live shows.
      </Typography.Paragraph>
      {loggedIn ? (
        <Flex gap={12} wrap justify="center">
          <LinkButton href="/home" type="primary" size="large">
            Continue as {user.name || user.username}
          </LinkButton>
          <LinkButton href="/creator" size="large" icon={<CompassOutlined />}>
            Explore creators
          </LinkButton>
          {user.isPerformer && user.username ? (
            <LinkButton href={`/${user.username}`} size="large">
              My profile
            </LinkButton>
          ) : null}
        </Flex>
      ) : (
        <Flex gap={12} wrap justify="center">
          <LinkButton href="/auth/register" type="primary" size="large">
            Sign up free
          </LinkButton>
          <LinkButton href="/creator" size="large" icon={<CompassOutlined />}>
            Explore creators
          </LinkButton>
          <LinkButton href="/auth/register/creator" size="large">
            Become a creator
          </LinkButton>
          <LinkButton href="/auth/login" size="large" type="text">
            Sign in
          </LinkButton>
        </Flex>
      )}
    </section>
  );
}
