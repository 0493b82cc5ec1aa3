import { useState } from 'react';
import dynamic from 'next/dynamic';
import { IntentLink } from '@/client/components/intent-link';
import { useRouter } from 'next/router';
import MenuOutlined from '@ant-design/icons-svg/es/asn/MenuOutlined';
import { PlainIcon } from '@/client/components/plain-icon';
import { useAppSelector } from '@/client/store/hooks';
import { useOpenedOnce } from '@/client/hooks/use-opened-once';
import { PlainButton } from '@/client/components/plain-button';
import { EXPLORE_LINK, LIVE_LINK } from './account-links';
import { isExternal } from '@/client/lib/external-link';
import { navIcon, newTabProps, type NavLink } from './nav-link';
import styles from './layouts.module.css';

// The phone's menu drawer (antd's Drawer and Menu) loads when it is first opened.
const HeaderNavDrawer = dynamic(() => import('./header-nav-drawer').then((m) => m.HeaderNavDrawer), { ssr: false });

/**
 * The header links: Explore (for everyone, signed in or not) and the operator's menus (ui.menus,
 * section 'header'); inline on desktop, a drawer on phones.
 */
export function HeaderNav() {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const drawerMounted = useOpenedOnce(open);
  const operatorMenus = useAppSelector((s) => s.ui.menus).filter((m) => m.section === 'header');
  const liveEnabled = useAppSelector((s) => s.settings.agoraEnable);
  // An operator who already put the explore (or live) page in the header does not get it twice.
  const own: NavLink[] = [
    { path: EXPLORE_LINK.href, title: EXPLORE_LINK.label },
    ...(liveEnabled ? [{ path: LIVE_LINK.href, title: LIVE_LINK.label }] : []),
  ].filter((link) => !operatorMenus.some((m) => m.path === link.path));
  const menus: NavLink[] = [...own, ...operatorMenus];

  const isActive = (m: NavLink) => router.pathname === m.path || router.asPath.split('?')[0] === m.path;

  return (
    <>
      <nav className={styles.nav} aria-label="Main">
        {menus.map((m) =>
          isExternal(m.path) ? (
            <a key={m.path + m.title} href={m.path} className={styles.navLink} {...newTabProps(m)}>
              {m.title}
            </a>
          ) : (
            <IntentLink
              key={m.path + m.title}
              href={m.path}
              className={`${styles.navLink} ${isActive(m) ? styles.navLinkActive : ''}`}
              aria-current={isActive(m) ? 'page' : undefined}
              {...newTabProps(m)}
            >
              {navIcon(m) ? <>{navIcon(m)} </> : null}
              {m.title}
            </IntentLink>
          ),
        )}
      </nav>
      <div className={`${styles.spacer} ${styles.spacerWithNav}`} />
      <PlainButton
        className={styles.mobileOnly}
        look="text"
        icon={<PlainIcon icon={MenuOutlined} />}
        aria-label="Open menu"
        onClick={() => setOpen(true)}
      />
      {drawerMounted ? <HeaderNavDrawer open={open} onClose={() => setOpen(false)} links={menus} /> : null}
    </>
  );
}
