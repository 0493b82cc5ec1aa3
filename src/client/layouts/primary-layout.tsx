import type { ReactNode } from 'react';
import { useAppSelector } from '@/client/store/hooks';
import { ThemeSwitch } from '@/client/theme/theme-switch';
import { HeaderSearch } from '@/client/features/search/components/header-search';
import { HeaderNav } from './header-nav';
import { AccountActions } from './account-actions';
import { SiteFooter } from './site-footer';
import { SiteLogo } from './site-logo';
import styles from './layouts.module.css';

/** The default layout: sticky header (logo, menus, theme, account), content, footer. */
export function PrimaryLayout({ children }: { children: ReactNode }) {
  const loggedIn = useAppSelector((s) => s.auth.loggedIn);
  return (
    <div className={styles.shell}>
      <header className={styles.header}>
        <div className={`app-container ${styles.headerInner}`}>
          <SiteLogo href={loggedIn ? '/home' : '/'} />
          <HeaderNav />
          <div className={styles.actions}>
            <HeaderSearch />
            <span className={styles.desktopOnly}>
              <ThemeSwitch compact />
            </span>
            <AccountActions />
          </div>
        </div>
      </header>
      <main className={styles.content}>
        <div className="app-container app-page">{children}</div>
      </main>
      <SiteFooter />
    </div>
  );
}
