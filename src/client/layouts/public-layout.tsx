import { IntentLink } from '@/client/components/intent-link';
import CompassOutlined from '@ant-design/icons-svg/es/asn/CompassOutlined';
import VideoCameraOutlined from '@ant-design/icons-svg/es/asn/VideoCameraOutlined';
import { PlainIcon } from '@/client/components/plain-icon';
import { useAppSelector } from '@/client/store/hooks';
import { ThemeSwitch } from '@/client/theme/theme-switch';
import { HeaderSearch } from '@/client/features/search/components/header-search';
import type { ReactNode } from 'react';
import { AccountActions } from './account-actions';
import { SiteFooter } from './site-footer';
import { SiteLogo } from './site-logo';
import { EXPLORE_LINK, LIVE_LINK } from './account-links';
import styles from './layouts.module.css';

/**
 * Landing and sign-in pages: a light header (logo, search, theme; messages, notifications and the account
 * menu when signed in, or Sign in / Sign up) and the footer,
 * without the signed-in navigation. Pages lay out their own content width.
 */
export function PublicLayout({ children }: { children: ReactNode }) {
  const loggedIn = useAppSelector((s) => s.auth.loggedIn);
  const liveEnabled = useAppSelector((s) => s.settings.agoraEnable);

  return (
    <div className={styles.shell}>
      <header className={styles.header}>
        <div className={`app-container ${styles.headerInner}`}>
          <SiteLogo href={loggedIn ? '/home' : '/'} />
          <div className={styles.spacer} />
          <div className={styles.actions}>
            <HeaderSearch />
            <IntentLink href={EXPLORE_LINK.href} className={styles.navLink} aria-label={EXPLORE_LINK.label}>
              <PlainIcon icon={CompassOutlined} /> <span className={styles.desktopOnly}>{EXPLORE_LINK.label}</span>
            </IntentLink>
            {liveEnabled ? (
              <IntentLink href={LIVE_LINK.href} className={styles.navLink} aria-label={LIVE_LINK.label}>
                <PlainIcon icon={VideoCameraOutlined} /> <span className={styles.desktopOnly}>{LIVE_LINK.label}</span>
              </IntentLink>
            ) : null}
            {/* Phones keep the room for Sign in and Sign up; the theme switch is in the menu drawer of every other page. */}
            <span className={styles.desktopOnly}>
              <ThemeSwitch compact />
            </span>
            <AccountActions />
          </div>
        </div>
      </header>
      <main className={styles.publicMain}>
        <div className="app-container app-page">{children}</div>
      </main>
      <SiteFooter />
    </div>
  );
}
