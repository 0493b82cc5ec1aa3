import type { ReactNode } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { Button, Layout } from 'antd';
import { CompassOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { useAppSelector } from '@/client/store/hooks';
import { ThemeSwitch } from '@/client/theme/theme-switch';
import { MessagesBadge } from '@/client/features/messages/components/messages-badge';
import { SiteFooter } from './site-footer';
import { SiteLogo } from './site-logo';
import { UserMenu } from './user-menu';
import { EXPLORE_LINK, LIVE_LINK } from './account-links';
import styles from './layouts.module.css';

/**
 * Landing and sign-in pages: a light header (logo, theme, account menu or one call to action) and the footer,
 * without the signed-in navigation. Pages lay out their own content width.
 */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { pathname } = useRouter();
  const loggedIn = useAppSelector((s) => s.auth.loggedIn);
  const liveEnabled = useAppSelector((s) => s.settings.agoraEnable);

  // Signed in: the account menu (name, balance, Log out). Signed out: one call to action, never
  // a link to the page the visitor is already on.
  let action: ReactNode;
  if (loggedIn) action = <UserMenu />;
  else if (pathname !== '/auth/login') action = <Link href="/auth/login"><Button>Sign in</Button></Link>;
  else action = <Link href="/auth/register"><Button>Sign up</Button></Link>;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header className={styles.header} style={{ paddingInline: 0 }}>
        <div className={`app-container ${styles.headerInner}`}>
          <SiteLogo href={loggedIn ? '/home' : '/'} />
          <div className={styles.spacer} />
          <div className={styles.actions}>
            <Link href={EXPLORE_LINK.href} className={styles.navLink}>
              <CompassOutlined /> {EXPLORE_LINK.label}
            </Link>
            {liveEnabled ? (
              <Link href={LIVE_LINK.href} className={styles.navLink}>
                <VideoCameraOutlined /> {LIVE_LINK.label}
              </Link>
            ) : null}
            <ThemeSwitch compact />
            <MessagesBadge />
            {action}
          </div>
        </div>
      </Layout.Header>
      <Layout.Content className={styles.publicMain}>
        <div className="app-container app-page">{children}</div>
      </Layout.Content>
      <SiteFooter />
    </Layout>
  );
}
