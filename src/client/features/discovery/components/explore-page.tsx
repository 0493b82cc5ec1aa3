import { useState } from 'react';
import { Badge, Button, Card, Drawer, Select, Typography } from 'antd';
import { FilterOutlined } from '@ant-design/icons';
import { performerRoutes } from '@/common/contract/performers';
import { useQueryList } from '@/client/hooks/use-query-list';
import { useRouteData } from '@/client/hooks/use-route-data';
import { activeFilters, clearedFilters, EXPLORE_DEFAULTS, EXPLORE_SORTS, searchQueryOf } from '../explore-query';
import { ActiveFilterTags } from './active-filter-tags';
import { ExploreFilters, type FilterChange } from './explore-filters';
import { ExploreResults } from './explore-results';
import { QuerySearch } from '@/client/components/query-search';
import styles from './explore-page.module.css';
import { formatCount } from '@/client/lib/format-amount';

/** /creator: search, filter and sort creators; all of it lives in the query string (spec 2). */
export function ExplorePage() {
  const list = useQueryList(EXPLORE_DEFAULTS);
  const query = searchQueryOf(list);
  const { data, error, mutate, isValidating } = useRouteData(performerRoutes.search, query);
  const [drawerOpen, setDrawerOpen] = useState(false);

  const filterCount = Object.keys(activeFilters(list.filters)).length;
  const filtered = filterCount > 0 || Boolean(query.q);
  const change = (c: FilterChange) => list.setFilter(c);
  const clear = () => list.setFilter(clearedFilters());
  const page = data?.data;

  return (
    <div>
      <div className={styles.head}>
        <Typography.Title level={2}>Explore creators</Typography.Title>
        <Typography.Text type="secondary">Find new creators by name, place and more.</Typography.Text>
      </div>

      <div className={styles.toolbar}>
        <QuerySearch
          className={styles.search}
          placeholder="Search by name, username or bio"
          label="Search creators"
          value={list.filters.q}
          onSearch={(q) => change({ q: q || undefined })}
        />
        <Badge count={filterCount} size="small" className={styles.filtersButton}>
          <Button icon={<FilterOutlined />} onClick={() => setDrawerOpen(true)}>
            Filters
          </Button>
        </Badge>
        <Select
          className={styles.sort}
          aria-label="Sort by"
          value={query.sortBy}
          options={EXPLORE_SORTS.map((s) => ({ value: s.value, label: s.label }))}
          onChange={(value) => list.setSort(value, 'desc')}
          prefix="Sort:"
        />
      </div>

      <div className={styles.layout}>
        <aside className={styles.side} aria-label="Filter creators">
          <Card size="small">
            <ExploreFilters idPrefix="side" filters={list.filters} onChange={change} onClear={clear} />
          </Card>
        </aside>
        <section className={styles.results} aria-label="Results" aria-busy={isValidating}>
          <div className={styles.summary}>
            <Typography.Text type="secondary" aria-live="polite">
              {page ? `${formatCount(page.total)} ${page.total === 1 ? 'creator' : 'creators'}` : 'Searching…'}
            </Typography.Text>
            <ActiveFilterTags filters={list.filters} onChange={change} />
          </div>
          <ExploreResults
            page={page}
            error={error}
            retry={() => void mutate()}
            current={list.current}
            pageSize={list.pageSize}
            filtered={filtered}
            onPage={list.setPage}
            onClear={clear}
          />
        </section>
      </div>

      <Drawer
        title="Filters"
        placement="bottom"
        size="85vh"
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        extra={
          <Button type="link" onClick={clear} disabled={!filtered}>
            Clear all
          </Button>
        }
        footer={
          <Button type="primary" block onClick={() => setDrawerOpen(false)}>
            {page ? `Show ${formatCount(page.total)} ${page.total === 1 ? 'creator' : 'creators'}` : 'Show creators'}
          </Button>
        }
      >
        <ExploreFilters idPrefix="drawer" filters={list.filters} onChange={change} onClear={clear} showTitle={false} />
      </Drawer>
    </div>
  );
}
