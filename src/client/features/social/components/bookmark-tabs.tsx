import type { ComponentType } from 'react';
import { BookmarkedCreators } from './bookmarked-creators';
import { BookmarkedPosts } from '@/client/features/feeds/components/bookmarked-posts';
import { BookmarkedVideos } from '@/client/features/videos/components/bookmarked-videos';
import { BookmarkedGalleries } from '@/client/features/galleries/components/bookmarked-galleries';
import { BookmarkedProducts } from '@/client/features/products/components/bookmarked-products';

export interface BookmarkTab {
  /** Kept in the query string as `tab` (the first tab is the default and stays out of the URL). */
  key: string;
  label: string;
  Content: ComponentType;
}

/**
 * The tabs of /user/bookmarks. Each tab is its own paged list; posts, videos, galleries and
 * products join here as their bookmark lists arrive.
 */
export const BOOKMARK_TABS: BookmarkTab[] = [
  { key: 'creators', label: 'Creators', Content: BookmarkedCreators },
  { key: 'posts', label: 'Posts', Content: BookmarkedPosts },
  { key: 'galleries', label: 'Galleries', Content: BookmarkedGalleries },
  { key: 'videos', label: 'Videos', Content: BookmarkedVideos },
  { key: 'products', label: 'Products', Content: BookmarkedProducts },
];
