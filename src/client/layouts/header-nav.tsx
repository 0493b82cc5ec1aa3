import { useState } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { Button, Drawer, Menu } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { useAppSelector } from '@/client/store/hooks';
import { ThemeSwitch } from '@/client/theme/theme-switch';
import styles from './layouts.module.css';

function isExternal(path: string) {
  return /^https?:\/\//i.test(path);
}

/** Operator-defined header links (ui.menus, section 'header'): inline on desktop, a drawer on phones. */
export function HeaderNav() {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const menus = useAppSelector((s) => s.ui.menus).filter((m) => m.section === 'header');

  const linkProps = (m: (typeof menus)[number]) =>
    m.isNewTab ? { target: '_blank', rel: 'noopener noreferrer' } : {};

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
              className={`${styles.navLink} ${router.asPath === m.path ? styles.navLinkActive : ''}`}
              {...linkProps(m)}
            >
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
