import type { ComponentType, ReactNode } from 'react';
import { Empty } from 'antd';
import { AppstoreOutlined, PictureOutlined, ShoppingOutlined, VideoCameraOutlined } from '@ant-design/icons';
import type { PerformerPublic } from '@/common/contract/performers';

export interface ProfileTabProps {
  performer: PerformerPublic;
  /** The viewer is this creator. */
  isOwner: boolean;
}

export interface ProfileTab {
  /** Kept in the query string as `tab` (the first tab is the default and stays out of the URL). */
  key: string;
  label: string;
  icon: ReactNode;
  Content: ComponentType<ProfileTabProps>;
}

/**
 * The tabs of a creator's page, one per kind of content. Each content feature supplies its own
 * tab body; this list is the only place that names them.
 */
// Placeholder bodies until each content feature supplies its tab (replaced within this change).
const pending = (text: string) => function PendingTab() {
  return <Empty description={text} style={{ padding: '32px 0' }} />;
};
const ProfileFeedTab = pending('Posts will appear here');
const ProfilePhotosTab = pending('Photo galleries will appear here');
const ProfileVideosTab = pending('Videos will appear here');
const ProfileStoreTab = pending('Products will appear here');

export const PROFILE_TABS: ProfileTab[] = [
  { key: 'feed', label: 'Feed', icon: <AppstoreOutlined />, Content: ProfileFeedTab },
  { key: 'photos', label: 'Photos', icon: <PictureOutlined />, Content: ProfilePhotosTab },
  { key: 'videos', label: 'Videos', icon: <VideoCameraOutlined />, Content: ProfileVideosTab },
  { key: 'store', label: 'Store', icon: <ShoppingOutlined />, Content: ProfileStoreTab },
];
