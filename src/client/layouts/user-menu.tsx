import Link from 'next/link';
import { Avatar, Dropdown, Typography, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import {
  AppstoreOutlined, BookOutlined, CompassOutlined, DownOutlined, HeartOutlined, HomeOutlined, LogoutOutlined, SettingOutlined,
  UserOutlined, WalletOutlined,
} from '@ant-design/icons';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { logout } from '@/client/features/auth/auth.slice';
import { formatTokens } from '@/client/lib/format-amount';
import { accountLinks, type AccountLink } from './account-links';
import { SignedOutActions } from './signed-out-actions';
import styles from './layouts.module.css';

const ICONS: Record<string, ReactNode> = {
  profile: <UserOutlined />,
  home: <HomeOutlined />,
  explore: <CompassOutlined />,
  following: <HeartOutlined />,
  bookmarks: <BookOutlined />,
  account: <SettingOutlined />,
  studio: <AppstoreOutlined />,
  wallet: <WalletOutlined />,
};

const linkItems = (links: AccountLink[]) =>
  links.map((l) => ({ key: l.key, icon: ICONS[l.key], label: <Link href={l.href}>{l.label}</Link> }));

/**
 * Avatar, name and balance with the account links and Log out; sign-in buttons when signed out.
 * A creator's menu is short (profile, studio, home, wallet, account): their tools are in the studio.
 */
export function UserMenu() {
  const dispatch = useAppDispatch();
  const loggedIn = useAppSelector((s) => s.auth.loggedIn);
  const user = useAppSelector((s) => s.user.current);

  if (!loggedIn) return <SignedOutActions />;

  const links = accountLinks(user);
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
    ...linkItems(links),
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: 'Log out', danger: true, onClick: () => dispatch(logout()) },
  ];

  return (
    <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
      {/* The label starts with the name the button shows, so a voice command that says it finds the button. */}
      <button type="button" className={styles.userButton} aria-label={`${user.name || user.username}, account menu`} data-testid="user-menu">
        <Avatar src={user.avatar} alt="" size={32} />
        <span className={`${styles.userButtonName} ${styles.desktopOnly}`}>{user.name || user.username}</span>
        <DownOutlined style={{ fontSize: 10 }} />
      </button>
    </Dropdown>
  );
}
