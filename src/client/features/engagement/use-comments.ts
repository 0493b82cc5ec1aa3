import { useMemo } from 'react';
import useSWRInfinite from 'swr/infinite';
import { commentRoutes, type Comment, type CommentObjectType } from '@/common/contract/comments';
import type { EnvelopeOf } from '@/client/lib/call-route';
import { fetcher } from '@/client/lib/fetcher';
import { listSwrOptions } from '@/client/lib/swr-options';
import { useAppSelector } from '@/client/store/hooks';

type Page = EnvelopeOf<typeof commentRoutes.list>;
type Key = readonly [url: string, query: Record<string, unknown>, viewer: string];

export const COMMENTS_PAGE_SIZE = 10;

export interface CommentsTarget {
  objectType: CommentObjectType;
  objectId: string;
  /** Page through one comment's replies instead of the top-level comments. */
  parentId?: string;
}

/**
 * Comments of an item (or one comment's replies) page by page with SWR and the spec 9 list
 * options; "load more" asks for the next page. The viewer is part of the key, as in
 * useRouteData: isOwner and canDelete depend on who asks. `enabled: false` fetches nothing.
 */
export function useComments(target: CommentsTarget, enabled = true) {
  const viewer = useAppSelector((s) => s.user.current._id);
  const { objectType, objectId, parentId } = target;
  const swr = useSWRInfinite<Page, unknown, (index: number, previous: Page | null) => Key | null>(
    (index, previous) => {
      if (!enabled) return null;
      if (previous && (index * COMMENTS_PAGE_SIZE >= previous.data.total || !previous.data.data.length)) return null;
      const query = { objectType, objectId, ...(parentId ? { parentId } : {}), offset: index * COMMENTS_PAGE_SIZE, limit: COMMENTS_PAGE_SIZE };
      return [commentRoutes.list.url, query, viewer];
    },
    ([url, params]) => fetcher<Page>([url, params]),
    { ...listSwrOptions(), revalidateFirstPage: false },
  );
  const { data, size, setSize, isValidating } = swr;

  // Offset pages can overlap when comments arrive between two pages; each comment shows once.
  const items = useMemo(() => {
    const seen = new Set<string>();
    return (data ?? []).flatMap((p) => p.data.data).filter((c: Comment) => (seen.has(c._id) ? false : (seen.add(c._id), true)));
  }, [data]);
  const total = data?.length ? data[data.length - 1].data.total : 0;
  const loadingMore = isValidating && size > (data?.length ?? 0);

  return {
    items,
    total,
    error: swr.error,
    isLoading: swr.isLoading,
    hasMore: Boolean(data) && items.length < total && (data?.[data.length - 1]?.data.data.length ?? 0) > 0,
    loadingMore,
    loadMore: () => setSize(size + 1),
    reload: () => swr.mutate(),
  };
}
