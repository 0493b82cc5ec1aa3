import { useEffect, useState, type ReactNode } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { Button, Drawer, Menu, type MenuProps } from 'antd';
import {
  AppstoreOutlined, BarChartOutlined, LockOutlined, BankOutlined, DollarOutlined, FileTextOutlined, MessageOutlined, PictureOutlined,
  SettingOutlined, ShopOutlined, ShoppingOutlined, StopOutlined, TeamOutlined, UserAddOutlined, UserOutlined,
  VideoCameraOutlined, WalletOutlined, WifiOutlined,
} from '@ant-design/icons';
import { useAppSelector } from '@/client/store/hooks';
import { FAN_LINKS } from './account-links';
import { AntdScope } from '@/client/theme/antd-scope';
import { PrimaryLayout } from './primary-layout';
import { activeStudioKey, studioNavItems } from './studio-nav';
import shell from './studio-layout.module.css';

const ICONS: Record<string, ReactNode> = {
  dashboard: <BarChartOutlined />,
  posts: <FileTextOutlined />,
  videos: <VideoCameraOutlined />,
  galleries: <PictureOutlined />,
  store: <ShopOutlined />,
  orders: <ShoppingOutlined />,
  live: <WifiOutlined />,
  'private-shows': <LockOutlined />,
  subscribers: <UserAddOutlined />,
  followers: <TeamOutlined />,
  earnings: <DollarOutlined />,
  payouts: <WalletOutlined />,
  banking: <BankOutlined />,
  blocking: <StopOutlined />,
  messages: <MessageOutlined />,
  account: <SettingOutlined />,
};

/** The studio's sections, then the creator's pages as a fan (folded). */
function StudioMenu({ onNavigate }: { onNavigate?: () => void }) {
  const router = useRouter();
  const liveEnabled = useAppSelector((s) => s.settings.agoraEnable);
  const active = activeStudioKey(router.asPath);
  const items: MenuProps['items'] = [
    ...studioNavItems(liveEnabled).map((item) => ({
      key: item.key,
      icon: ICONS[item.key],
      label: (
        <Link href={item.href} onClick={onNavigate} aria-current={item.key === active ? 'page' : undefined}>
          {item.label}
        </Link>
      ),
    })),
    { type: 'divider' as const },
    {
      key: 'fan',
      icon: <UserOutlined />,
      label: 'As a fan',
      children: FAN_LINKS.map((l) => ({ key: `fan-${l.key}`, label: <Link href={l.href} onClick={onNavigate}>{l.label}</Link> })),
    },
  ];
  return <Menu mode="inline" items={items} selectedKeys={active ? [active] : []} className={shell.menu} aria-label="Creator studio" />;
}

/**
 * The creator studio (issue 14): the site's header and footer around the creator's tools, listed in
 * a sidebar from 992 px and, below, in a drawer opened from a bar above the page that names the
 * current section. Loaded with `next/dynamic`, so fans never download it.
 */
export function StudioLayout({ children }: { children: ReactNode }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const liveEnabled = useAppSelector((s) => s.settings.agoraEnable);
  const active = studioNavItems(liveEnabled).find((item) => item.key === activeStudioKey(router.asPath));
  // Any navigation closes the drawer (a section chosen in it, Back, a link in the page).
  useEffect(() => {
    const close = () => setOpen(false);
    router.events?.on('routeChangeStart', close);
    return () => router.events?.off('routeChangeStart', close);
  }, [router.events]);

  return (
    <PrimaryLayout>
      <AntdScope>
        <div className={shell.bar}>
          <Button icon={<AppstoreOutlined />} onClick={() => setOpen(true)} aria-label="Open the creator studio menu">
            Studio
          </Button>
          {active ? <span className={shell.barTitle}>{active.label}</span> : null}
        </div>
        <div className={shell.body}>
          <aside className={shell.sider} aria-label="Creator studio navigation">
            <div className={shell.siderTitle}>Creator studio</div>
            <StudioMenu />
          </aside>
          <Drawer open={open} onClose={() => setOpen(false)} placement="left" size={280} title="Creator studio" styles={{ body: { padding: 8 } }}>
            <StudioMenu onNavigate={() => setOpen(false)} />
          </Drawer>
          <div className={shell.main}>{children}</div>
        </div>
      </AntdScope>
    </PrimaryLayout>
  );
}
