import { useMemo } from 'react';
import useSWRInfinite from 'swr/infinite';
import { FEED_PAGE_SIZE, feedRoutes, type Feed, type FeedType } from '@/common/contract/feeds';
import type { EnvelopeOf } from '@/client/lib/call-route';
import { fetcher } from '@/client/lib/fetcher';
import { listSwrOptions } from '@/client/lib/swr-options';
import { useAppSelector } from '@/client/store/hooks';

type Key = readonly [url: string, query: Record<string, unknown>, viewer: string];
type TimelineEnvelope = EnvelopeOf<typeof feedRoutes.timeline>;
type CreatorEnvelope = EnvelopeOf<typeof feedRoutes.byCreator>;

/** Posts of several pages, each once (a page can overlap the next when posts move between requests). */
function unique(pages: Feed[][]): Feed[] {
  const seen = new Set<string>();
  return pages.flat().filter((f) => (seen.has(f._id) ? false : (seen.add(f._id), true)));
}

export interface FeedPages {
  items: Feed[];
  error: unknown;
  isLoading: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  /** Pages loaded so far. */
  pageCount: number;
  loadMore(): void;
  reload(): void;
}

/**
 * The signed-in fan's timeline (GET /user/feeds), page after page by the API's keyset cursor: each
 * next page starts after the last post of the one before, so posts arriving meanwhile never shift
 * it. The viewer is part of the key (answers depend on who asks). `enabled: false` fetches nothing.
 */
export function useTimeline(enabled = true): FeedPages {
  const viewer = useAppSelector((s) => s.user.current._id);
  const swr = useSWRInfinite<TimelineEnvelope, unknown, (index: number, previous: TimelineEnvelope | null) => Key | null>(
    (index, previous) => {
      if (!enabled) return null;
      if (previous && !previous.data.nextCursor) return null;
      const query = { limit: FEED_PAGE_SIZE, ...(previous?.data.nextCursor ? { cursor: previous.data.nextCursor } : {}) };
      return [feedRoutes.timeline.url, query, viewer];
    },
    ([url, params]) => fetcher<TimelineEnvelope>([url, params]),
    { ...listSwrOptions(), revalidateFirstPage: false },
  );
  const { data, size, setSize, isValidating } = swr;
  const items = useMemo(() => unique((data ?? []).map((p) => p.data.data)), [data]);
  const last = data?.[data.length - 1];
  return {
    items,
    error: swr.error,
    isLoading: swr.isLoading,
    hasMore: Boolean(last?.data.hasMore),
    loadingMore: isValidating && size > (data?.length ?? 0),
    pageCount: data?.length ?? 0,
    loadMore: () => void setSize(size + 1),
    reload: () => void swr.mutate(),
  };
}

/** One creator's posts (GET /user/feeds/search/{username}), pinned first, offset pages for "load more". */
export function useCreatorFeed(username: string, type: FeedType | undefined): FeedPages & { total: number } {
  const viewer = useAppSelector((s) => s.user.current._id);
  const swr = useSWRInfinite<CreatorEnvelope, unknown, (index: number, previous: CreatorEnvelope | null) => Key | null>(
    (index, previous) => {
      if (previous && (index * FEED_PAGE_SIZE >= previous.data.total || !previous.data.data.length)) return null;
      const query = { offset: index * FEED_PAGE_SIZE, limit: FEED_PAGE_SIZE, ...(type ? { type } : {}) };
      return [feedRoutes.byCreator.url.replace(':username', encodeURIComponent(username)), query, viewer];
    },
    ([url, params]) => fetcher<CreatorEnvelope>([url, params]),
    { ...listSwrOptions(), revalidateFirstPage: false },
  );
  const { data, size, setSize, isValidating } = swr;
  const items = useMemo(() => unique((data ?? []).map((p) => p.data.data)), [data]);
  const total = data?.length ? data[data.length - 1].data.total : 0;
  return {
    items,
    total,
    error: swr.error,
    isLoading: swr.isLoading,
    hasMore: Boolean(data) && items.length < total && (data?.[data.length - 1]?.data.data.length ?? 0) > 0,
    loadingMore: isValidating && size > (data?.length ?? 0),
    pageCount: data?.length ?? 0,
    loadMore: () => void setSize(size + 1),
    reload: () => void swr.mutate(),
  };
}
