import type { ComponentType } from 'react';
import { BookmarkedCreators } from './bookmarked-creators';

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
export const BOOKMARK_TABS: BookmarkTab[] = [{ key: 'creators', label: 'Creators', Content: BookmarkedCreators }];
