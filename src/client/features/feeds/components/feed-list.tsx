import { useEffect, useRef, type ReactNode } from 'react';
import { Button, Card, Flex, Skeleton } from 'antd';
import { ListError } from '@/client/components/list-error';
import type { FeedPages } from '../use-feed-pages';
import { FeedCard } from './feed-card';
import styles from './feed-card.module.css';

export interface FeedListProps {
  pages: FeedPages;
  /** Accessible name of the list ("Your feed", "Posts"). */
  label: string;
  /** Shown when there are no posts at all. */
  empty: ReactNode;
  /**
   * Load the next page as the end of the list scrolls into view, up to this many pages; then the
   * "Load more" button (always there for keyboards), so what sits below the list stays reachable.
   */
  autoPages?: number;
}

function FeedSkeletons({ count = 2 }: { count?: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <Card key={i} aria-busy="true" aria-label="Loading posts">
          <Skeleton avatar active paragraph={{ rows: 3 }} />
        </Card>
      ))}
    </>
  );
}

/** Posts one under the other with loading, error, empty and "load more" states. */
export function FeedList({ pages, label, empty, autoPages = 0 }: FeedListProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasMore, loadingMore, loadMore, pageCount } = pages;
  const infinite = pageCount < autoPages;

  useEffect(() => {
    const node = sentinel.current;
    if (!infinite || !node || !hasMore || loadingMore || typeof IntersectionObserver === 'undefined') return undefined;
    // Start before the very end, so the next posts are there when the reader arrives.
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) loadMore();
    }, { rootMargin: '600px 0px' });
    observer.observe(node);
    return () => observer.disconnect();
  }, [infinite, hasMore, loadingMore, loadMore]);

  if (pages.isLoading) return <Flex vertical gap={16}><FeedSkeletons /></Flex>;
  if (pages.error && !pages.items.length) return <ListError error={pages.error} onRetry={pages.reload} title="We could not load the posts" />;
  if (!pages.items.length) return <>{empty}</>;
  return (
    <Flex vertical gap={16}>
      <ul className={styles.list} aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {pages.items.map((feed) => (
          <li key={feed._id}>
            <FeedCard feed={feed} />
          </li>
        ))}
      </ul>
      {loadingMore ? <FeedSkeletons count={1} /> : null}
      {pages.error && pages.items.length ? <ListError error={pages.error} onRetry={pages.reload} title="We could not load more posts" /> : null}
      {hasMore && !loadingMore ? (
        <Flex justify="center">
          <Button onClick={loadMore}>Load more posts</Button>
        </Flex>
      ) : null}
      <div ref={sentinel} aria-hidden />
    </Flex>
  );
}
