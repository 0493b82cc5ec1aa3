import { Alert, Empty, Tabs, Typography } from 'antd';
import type { SearchType } from '@/common/contract/search';
import { ListError } from '@/client/components/list-error';
import { useQueryList } from '@/client/hooks/use-query-list';
import { QuerySearch } from '@/client/components/query-search';
import { SEARCH_TABS, searchStateOf, searchTextProblem } from '../search-query';
import { useSearchResults } from '../use-search-results';
import { SearchResults, SearchSkeleton } from './search-results';

/** /search: q, tab and page live in the query string, so results can be shared and the back button works. */
export function SearchPage() {
  const list = useQueryList({ pageSize: 10 });
  const { q, type, query } = searchStateOf(list);
  const { results, error, retry, isValidating } = useSearchResults(query);
  const problem = searchTextProblem(q);
  // An answer for another text or tab (SWR keeps the last one while the next loads) is not shown as this one's.
  const current = results && results.q === q && results.type === type ? results : undefined;

  let body;
  if (!q) body = <Empty description="Search for creators by name or username, posts by their words, or #hashtags." />;
  else if (problem) body = <Alert type="info" showIcon message={problem} />;
  else if (error && !current) body = <ListError error={error} onRetry={retry} title="We could not search right now" />;
  else if (!current) body = <SearchSkeleton />;
  else {
    body = (
      <SearchResults
        results={current}
        current={list.current}
        pageSize={list.pageSize}
        onPage={list.setPage}
        onTab={(t) => list.setFilter({ type: t })}
      />
    );
  }

  return (
    <div>
      <Typography.Title level={2}>{q ? `Search: ${q}` : 'Search'}</Typography.Title>
      <QuerySearch
        placeholder="Search creators, posts, #tags"
        label="Search text"
        value={list.filters.q}
        onSearch={(text) => list.setFilter({ q: text || undefined })}
        style={{ maxWidth: 560, marginBottom: 16 }}
      />
      <Tabs
        activeKey={type}
        onChange={(key) => list.setFilter({ type: key === 'all' ? undefined : (key as SearchType) })}
        items={SEARCH_TABS.map((t) => ({ key: t.key, label: t.label }))}
      />
      <section aria-label="Search results" aria-busy={isValidating}>
        {body}
      </section>
    </div>
  );
}
