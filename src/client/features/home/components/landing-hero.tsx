import CompassOutlined from '@ant-design/icons-svg/es/asn/CompassOutlined';
import { PlainIcon } from '@/client/components/plain-icon';
import { useAppSelector } from '@/client/store/hooks';
import { PlainLinkButton } from '@/client/components/plain-button';
import styles from './landing-hero.module.css';
import page from './landing.module.css';

/** The public start page: name, pitch, and the ways in (or back in, when signed in). */
export function LandingHero() {
  const siteName = useAppSelector((s) => s.ui.siteName || s.settings.siteName);
  const loggedIn = useAppSelector((s) => s.auth.loggedIn);
  const user = useAppSelector((s) => s.user.current);

  return (
    <section className={styles.hero}>
      <span className={styles.kicker}>{siteName}</span>
      <h1 className={styles.title}>Where creators and their fans get closer.</h1>
      <p className={`${page.secondary} ${styles.pitch}`}>
        Follow the people you love, subscribe to their exclusive content, and support them directly. Creators earn from
        subscriptions, tips, sales and live shows.
      </p>
      {loggedIn ? (
        <div className={page.actions}>
          <PlainLinkButton href="/home" look="primary" size="large">
            Continue as {user.name || user.username}
          </PlainLinkButton>
          <PlainLinkButton href="/creator" size="large" icon={<PlainIcon icon={CompassOutlined} />}>
            Explore creators
          </PlainLinkButton>
          {user.isPerformer && user.username ? (
            <PlainLinkButton href={`/${user.username}`} size="large">
              My profile
            </PlainLinkButton>
          ) : null}
        </div>
      ) : (
        <div className={page.actions}>
          <PlainLinkButton href="/auth/register" look="primary" size="large">
            Sign up free
          </PlainLinkButton>
          <PlainLinkButton href="/creator" size="large" icon={<PlainIcon icon={CompassOutlined} />}>
            Explore creators
          </PlainLinkButton>
          <PlainLinkButton href="/auth/register/creator" size="large">
            Become a creator
          </PlainLinkButton>
          <PlainLinkButton href="/auth/login" size="large" look="text">
            Sign in
          </PlainLinkButton>
        </div>
      )}
    </section>
  );
}
