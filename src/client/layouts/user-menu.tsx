import Link from 'next/link';
import { useRouter } from 'next/router';
import { Avatar, Button, Dropdown, Space, Typography, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import {
  BookOutlined, CompassOutlined, DownOutlined, GlobalOutlined, HeartOutlined, HomeOutlined, LogoutOutlined, SettingOutlined,
  StopOutlined, TeamOutlined, UserOutlined, WalletOutlined,
} from '@ant-design/icons';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { logout } from '@/client/features/auth/auth.slice';
import { formatTokens } from '@/client/features/content/format-tokens';
import { accountLinks, type AccountLink } from './account-links';
import styles from './layouts.module.css';

const ICONS: Record<string, ReactNode> = {
  profile: <UserOutlined />,
  home: <HomeOutlined />,
  explore: <CompassOutlined />,
  following: <HeartOutlined />,
  bookmarks: <BookOutlined />,
  account: <SettingOutlined />,
  followers: <TeamOutlined />,
  blacklist: <StopOutlined />,
  'block-countries': <GlobalOutlined />,
};

const linkItems = (links: AccountLink[]) =>
  links.map((l) => ({ key: l.key, icon: ICONS[l.key], label: <Link href={l.href}>{l.label}</Link> }));

/** Avatar, name and balance with the account links and Log out; sign-in buttons when signed out. */
export function UserMenu() {
  const dispatch = useAppDispatch();
  const router = useRouter();
  const loggedIn = useAppSelector((s) => s.auth.loggedIn);
  const user = useAppSelector((s) => s.user.current);
  const liveEnabled = useAppSelector((s) => s.settings.agoraEnable);

  if (!loggedIn) {
    // Coming back to the page the visitor was on after signing in.
    const here = router.asPath.startsWith('/auth/') ? undefined : router.asPath;
    const loginHref = here && here !== '/' ? `/auth/login?redirect=${encodeURIComponent(here)}` : '/auth/login';
    return (
      <Space size={8}>
        <Link href={loginHref}>
          <Button type="text">Sign in</Button>
        </Link>
        <Link href="/auth/register" className={styles.desktopOnly}>
          <Button type="primary">Sign up</Button>
        </Link>
      </Space>
    );
  }

  const links = accountLinks(user, { liveEnabled });
  const creatorLinks = links.filter((l) => l.group === 'creator');
  const items: MenuProps['items'] = [
    {
      key: 'head',
      disabled: true,
      label: (
        <div className={styles.userMenuHead}>
          <Typography.Text strong>{user.name || user.username}</Typography.Text>
          {user.username ? <Typography.Text type="secondary">@{user.username}</Typography.Text> : null}
          <Typography.Text type="secondary" data-testid="wallet-balance">
            <WalletOutlined /> {formatTokens(user.balance)}
          </Typography.Text>
        </div>
      ),
    },
    { type: 'divider' },
    ...linkItems(links.filter((l) => !l.group)),
    ...(creatorLinks.length
      ? [{ type: 'divider' as const }, { key: 'creator', type: 'group' as const, label: 'Creator tools', children: linkItems(creatorLinks) }]
      : []),
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: 'Log out', danger: true, onClick: () => dispatch(logout()) },
  ];

  return (
    <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
      <button type="button" className={styles.userButton} aria-label="Account menu" data-testid="user-menu">
        <Avatar src={user.avatar} alt="" size={32} />
        <span className={`${styles.userButtonName} ${styles.desktopOnly}`}>{user.name || user.username}</span>
        <DownOutlined style={{ fontSize: 10 }} />
      </button>
    </Dropdown>
  );
}
