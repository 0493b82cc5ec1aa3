import dynamic from 'next/dynamic';
import type { ResultProps } from 'antd';

/**
 * antd's Result for a page's exceptional states (not found, not available, could not load).
 *
 * antd's Result module carries the drawings of its 403, 404 and 500 screens whatever the status
 * (about 10 kB gzip), and the pages a fan lands on (a creator, a post, a video) had it in their
 * first load for screens almost nobody sees. Its code loads when one is first shown; a page that
 * was rendered with one on the server gets its chunk before it hydrates (next/dynamic), as
 * ListError does for lists. Pages whose main content is a Result import antd's directly.
 */
export const LazyResult = dynamic<ResultProps>(() => import('./result-view'));
