import { useEffect, useState, type ReactNode } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { Alert, Badge, Button, Drawer, Layout, Menu, Tag, type MenuProps } from 'antd';
import {
  AuditOutlined, BarChartOutlined, DollarOutlined, ExportOutlined, FileTextOutlined, FlagOutlined, GiftOutlined, MailOutlined,
  MenuOutlined, NotificationOutlined, PictureOutlined, SafetyCertificateOutlined, SettingOutlined, TeamOutlined, WalletOutlined,
} from '@ant-design/icons';
import { adminStatsRoutes } from '@/common/contract/admin-stats';
import { useRouteData } from '@/client/hooks/use-route-data';
import { useAppSelector } from '@/client/store/hooks';
import { AntdScope } from '@/client/theme/antd-scope';
import { ThemeSwitch } from '@/client/theme/theme-switch';
import { ADMIN_NAV, activeAdminKey } from './admin-nav';
import { SiteLogo } from './site-logo';
import { UserMenu } from './user-menu';
import styles from './layouts.module.css';
import shell from './admin-layout.module.css';

const ICONS: Record<string, ReactNode> = {
  dashboard: <BarChartOutlined />,
  settings: <SettingOutlined />,
  users: <TeamOutlined />,
  verification: <SafetyCertificateOutlined />,
  reports: <FlagOutlined />,
  content: <PictureOutlined />,
  money: <DollarOutlined />,
  payouts: <WalletOutlined />,
  coupons: <GiftOutlined />,
  promotions: <NotificationOutlined />,
  pages: <FileTextOutlined />,
  contact: <MailOutlined />,
  audit: <AuditOutlined />,
};

/** How often the sidebar asks what waits (new reports, creators to verify). */
const QUEUES_REFRESH_MS = 60_000;

/** The console's sections with the count of what waits in each queue. */
function AdminMenu({ onNavigate }: { onNavigate?: () => void }) {
  const router = useRouter();
  const { data } = useRouteData(adminStatsRoutes.queues, {}, { refreshInterval: QUEUES_REFRESH_MS });
  const queues = data?.data;
  const items: MenuProps['items'] = ADMIN_NAV.map((item) => {
    const waiting = item.queue && queues ? queues[item.queue] : 0;
    return {
      key: item.key,
      icon: ICONS[item.key],
      label: (
        <Link href={item.href} onClick={onNavigate} className={shell.menuLabel}>
          <span>{item.label}</span>
          {waiting ? <Badge count={waiting} overflowCount={99} size="small" aria-label={`${waiting} waiting`} /> : null}
        </Link>
      ),
    };
  });
  const active = activeAdminKey(router.asPath);
  return <Menu mode="inline" items={items} selectedKeys={active ? [active] : []} className={shell.menu} aria-label="Console" />;
}

/**
 * The operator console (issue 13): header with the site's logo, a link back to the site, theme and
 * account menu; the sections in a sidebar from 992 px and in a drawer below. While maintenance mode
 * is on, operators keep working here and a banner says what visitors see.
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const maintenance = useAppSelector((s) => s.settings.maintenanceMode);
  // A section chosen in the drawer closes it; so does any other navigation.
  useEffect(() => {
    const close = () => setOpen(false);
    router.events?.on('routeChangeStart', close);
    return () => router.events?.off('routeChangeStart', close);
  }, [router.events]);

  return (
    <AntdScope>
      <Layout style={{ minHeight: '100vh' }}>
        <Layout.Header className={styles.header} style={{ paddingInline: 0 }}>
          <div className={styles.headerInner} style={{ paddingInline: 16 }}>
            <Button
              className={shell.menuButton}
              type="text"
              icon={<MenuOutlined />}
              aria-label="Open the console menu"
              onClick={() => setOpen(true)}
            />
            <SiteLogo href="/admin" />
            <Tag color="blue" className={shell.consoleTag}>Console</Tag>
            <div className={styles.spacer} />
            <div className={styles.actions}>
              <Link href="/" className={`${styles.navLink} ${styles.desktopOnly}`}>
                <ExportOutlined /> View site
              </Link>
              <span className={styles.desktopOnly}>
                <ThemeSwitch compact />
              </span>
              <UserMenu />
            </div>
          </div>
        </Layout.Header>
        <div className={shell.body}>
          <aside className={shell.sider}>
            <AdminMenu />
          </aside>
          <Drawer open={open} onClose={() => setOpen(false)} placement="left" size={280} title="Console" styles={{ body: { padding: 8 } }}>
            <AdminMenu onNavigate={() => setOpen(false)} />
            <div style={{ padding: '16px 12px' }}>
              <ThemeSwitch />
            </div>
            <Link href="/" style={{ padding: '0 12px' }}>
              <ExportOutlined /> View site
            </Link>
          </Drawer>
          <main className={shell.main}>
            <div className={shell.mainInner}>
              {maintenance ? (
                <Alert
                  type="warning"
                  showIcon
                  style={{ marginBottom: 16 }}
                  title="Maintenance mode is on"
                  description={<>Visitors see the maintenance screen; operators keep using the shell. <Link href="/admin/settings">Change it in Settings</Link></>}
                />
              ) : null}
              {children}
            </div>
          </main>
        </div>
      </Layout>
    </AntdScope>
  );
}
