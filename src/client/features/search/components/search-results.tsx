import type { ReactNode } from 'react';
import { Button, Card, Empty, Flex, Skeleton, Typography } from 'antd';
import type { SearchResults as Results, SearchType } from '@/common/contract/search';
import { ListPager } from '@/client/components/list-pager';
import { PerformerGrid } from '@/client/features/discovery/components/performer-grid';
import { FeedCard } from '@/client/features/feeds/components/feed-card';
import { HashtagList } from './hashtag-list';
import { formatCount } from '@/client/lib/format-amount';

type Kind = Exclude<SearchType, 'all'>;
const TITLES: Record<Kind, string> = { creators: 'Creators', posts: 'Posts', hashtags: 'Hashtags' };

interface Props {
  results: Results;
  current: number;
  pageSize: number;
  onPage: (current: number, pageSize: number) => void;
  onTab: (type: SearchType) => void;
}

function Items({ kind, results }: { kind: Kind; results: Results }) {
  if (kind === 'creators') return <PerformerGrid performers={results.creators!.data} label="Creators" />;
  if (kind === 'hashtags') return <HashtagList hashtags={results.hashtags!.data} />;
  return (
    <ul aria-label="Posts" style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 16 }}>
      {results.posts!.data.map((feed) => (
        <li key={feed._id}>
          <FeedCard feed={feed} />
        </li>
      ))}
    </ul>
  );
}

const noResults = (q: string) => <Empty description={`No results for “${q}”`} />;

/** One kind on its own tab (with a pager), or a few of each kind on "All" (with "See all"). */
export function SearchResults({ results, current, pageSize, onPage, onTab }: Props) {
  const kinds = (['creators', 'posts', 'hashtags'] as const).filter((k) => results[k] !== null);
  if (results.type !== 'all') {
    const kind = results.type;
    const section = results[kind]!;
    if (!section.data.length) {
      return section.total > 0 ? (
        <Empty description="There are no results on this page.">
          <Button type="primary" onClick={() => onPage(1, pageSize)}>Go to the first page</Button>
        </Empty>
      ) : noResults(results.q);
    }
    return (
      <Flex vertical gap={24}>
        <Items kind={kind} results={results} />
        <ListPager current={current} pageSize={pageSize} total={section.total} onChange={onPage} />
      </Flex>
    );
  }

  const found = kinds.filter((k) => results[k]!.data.length > 0);
  if (!found.length) return noResults(results.q);
  return (
    <Flex vertical gap={32}>
      {found.map((kind) => {
        const { total, data } = results[kind]!;
        return (
          <section key={kind} aria-label={TITLES[kind]}>
            <Flex justify="space-between" align="baseline" wrap gap={8} style={{ marginBottom: 12 }}>
              <Typography.Title level={4} style={{ margin: 0 }}>
                {TITLES[kind]} <Typography.Text type="secondary">({formatCount(total)})</Typography.Text>
              </Typography.Title>
              {total > data.length ? (
                <Button type="link" onClick={() => onTab(kind)}>See all {TITLES[kind].toLowerCase()}</Button>
              ) : null}
            </Flex>
            <Items kind={kind} results={results} />
          </section>
        );
      })}
    </Flex>
  );
}

/** Placeholders of the results' size while the first answer loads. */
export function SearchSkeleton(): ReactNode {
  return (
    <Flex vertical gap={16} role="status" aria-busy="true" aria-label="Loading results">
      {[0, 1].map((i) => (
        <Card key={i}>
          <Skeleton avatar active paragraph={{ rows: 2 }} />
        </Card>
      ))}
    </Flex>
  );
}
