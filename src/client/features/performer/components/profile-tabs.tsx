import type { ComponentType, ReactNode } from 'react';
import { AppstoreOutlined, PictureOutlined, ShoppingOutlined, VideoCameraOutlined } from '@ant-design/icons';
import type { PerformerPublic } from '@/common/contract/performers';
import { ProfileFeedTab } from '@/client/features/feeds/components/profile-feed-tab';
import { ProfileVideosTab } from '@/client/features/videos/components/profile-videos-tab';
import { ProfileGalleriesTab } from '@/client/features/galleries/components/profile-galleries-tab';
import { ProfileStoreTab } from '@/client/features/products/components/profile-store-tab';

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
export const PROFILE_TABS: ProfileTab[] = [
  { key: 'feed', label: 'Feed', icon: <AppstoreOutlined />, Content: ProfileFeedTab },
  { key: 'photos', label: 'Photos', icon: <PictureOutlined />, Content: ProfileGalleriesTab },
  { key: 'videos', label: 'Videos', icon: <VideoCameraOutlined />, Content: ProfileVideosTab },
  { key: 'store', label: 'Store', icon: <ShoppingOutlined />, Content: ProfileStoreTab },
];
