import { useState } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { Button, Drawer, Menu } from 'antd';
import { CompassOutlined, MenuOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { useAppSelector } from '@/client/store/hooks';
import { ThemeSwitch } from '@/client/theme/theme-switch';
import { EXPLORE_LINK, LIVE_LINK } from './account-links';
import styles from './layouts.module.css';

interface NavLink {
  path: string;
  title: string;
  isNewTab?: boolean;
}

function isExternal(path: string) {
  return /^https?:\/\//i.test(path);
}

/**
 * The header links: Explore (for everyone, signed in or not) and the operator's menus (ui.menus,
 * section 'header'); inline on desktop, a drawer on phones.
 */
export function HeaderNav() {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const operatorMenus = useAppSelector((s) => s.ui.menus).filter((m) => m.section === 'header');
  const liveEnabled = useAppSelector((s) => s.settings.agoraEnable);
  // An operator who already put the explore (or live) page in the header does not get it twice.
  const own: NavLink[] = [
    { path: EXPLORE_LINK.href, title: EXPLORE_LINK.label },
    ...(liveEnabled ? [{ path: LIVE_LINK.href, title: LIVE_LINK.label }] : []),
  ].filter((link) => !operatorMenus.some((m) => m.path === link.path));
  const menus: NavLink[] = [...own, ...operatorMenus];

  const linkProps = (m: NavLink) => (m.isNewTab ? { target: '_blank', rel: 'noopener noreferrer' } : {});
  const isActive = (m: NavLink) => router.pathname === m.path || router.asPath.split('?')[0] === m.path;
  const icon = (m: NavLink) =>
    m.path === EXPLORE_LINK.href ? <CompassOutlined /> : m.path === LIVE_LINK.href ? <VideoCameraOutlined /> : null;

  return (
    <>
      <nav className={styles.nav} aria-label="Main">
        {menus.map((m) =>
          isExternal(m.path) ? (
            <a key={m.path + m.title} href={m.path} className={styles.navLink} {...linkProps(m)}>
              {m.title}
            </a>
          ) : (
            <Link
              key={m.path + m.title}
              href={m.path}
              className={`${styles.navLink} ${isActive(m) ? styles.navLinkActive : ''}`}
              aria-current={isActive(m) ? 'page' : undefined}
              {...linkProps(m)}
            >
              {icon(m) ? <>{icon(m)} </> : null}
              {m.title}
            </Link>
          ),
        )}
      </nav>
      <div className={`${styles.spacer} ${styles.spacerWithNav}`} />
      <Button
        className={styles.mobileOnly}
        type="text"
        icon={<MenuOutlined />}
        aria-label="Open menu"
        onClick={() => setOpen(true)}
      />
      <Drawer title="Menu" placement="right" size={280} open={open} onClose={() => setOpen(false)}>
        <Menu
          mode="vertical"
          selectable={false}
          style={{ borderInlineEnd: 'none' }}
          onClick={() => setOpen(false)}
          items={menus.map((m) => ({
            key: m.path + m.title,
            icon: icon(m),
            label: isExternal(m.path) ? (
              <a href={m.path} {...linkProps(m)}>
                {m.title}
              </a>
            ) : (
              <Link href={m.path}>{m.title}</Link>
            ),
          }))}
        />
        <div style={{ marginTop: 24 }}>
          <ThemeSwitch />
        </div>
      </Drawer>
    </>
  );
}
