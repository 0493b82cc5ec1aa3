import { useState } from 'react';
import { useRouter } from 'next/router';
import dynamic from 'next/dynamic';
import { Button, Empty, Flex, Select, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { galleryRoutes, GALLERY_SORTS, type MyGalleriesQuery } from '@/common/contract/galleries';
import { useQueryList } from '@/client/hooks/use-query-list';
import { useRouteData } from '@/client/hooks/use-route-data';
import { ListError } from '@/client/components/list-error';
import { ListPager } from '@/client/components/list-pager';
import { QuerySearch } from '@/client/components/query-search';
import { useOpenedOnce } from '@/client/hooks/use-opened-once';
import { GalleryGrid } from './gallery-card';
import styles from './my-gallery.module.css';

// The gallery form (access, price, schedule picker) loads when "New gallery" is first pressed.
const NewGalleryModal = dynamic(() => import('./new-gallery-modal').then((m) => m.NewGalleryModal), { ssr: false });

const PAGE_SIZE = 12;
const SORT_OPTIONS = [
  { value: 'updatedAt:desc', label: 'Recently changed' },
  { value: 'createdAt:desc', label: 'Newest' },
  { value: 'createdAt:asc', label: 'Oldest' },
  { value: 'title:asc', label: 'Title A-Z' },
];
const STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  { value: 'active', label: 'Published and scheduled' },
  { value: 'draft', label: 'Drafts' },
];

/** The API query from the URL: only known values, so hand-edited junk never reaches the API. */
function queryOf(list: ReturnType<typeof useQueryList>): MyGalleriesQuery {
  const sortBy = (GALLERY_SORTS as readonly string[]).includes(list.sortBy) ? (list.sortBy as MyGalleriesQuery['sortBy']) : 'updatedAt';
  const status = list.filters.status === 'active' || list.filters.status === 'draft' ? list.filters.status : undefined;
  return { offset: list.params.offset, limit: list.params.limit, sortBy, sort: list.sort, ...(status ? { status } : {}), ...(list.filters.q ? { q: list.filters.q } : {}) };
}

/** /creator/my-gallery: the creator's galleries as cards (cover, photo count, access, status), search, filters, and "New gallery". */
export function MyGalleriesPage() {
  const router = useRouter();
  const list = useQueryList({ pageSize: PAGE_SIZE });
  const query = queryOf(list);
  const { data, error, mutate } = useRouteData(galleryRoutes.mine, query);
  const [creating, setCreating] = useState(false);
  const newGalleryMounted = useOpenedOnce(creating);
  const page = data?.data;
  const filtered = Boolean(query.q || query.status);

  let body;
  if (error && !page) body = <ListError error={error} onRetry={() => void mutate()} />;
  else if (!page) body = <GalleryGrid galleries={undefined} hrefOf={() => ''} label="My galleries" />;
  else if (page.total === 0) {
    body = filtered ? (
      <Empty description="No galleries match these filters">
        <Button onClick={() => list.setFilter({ q: undefined, status: undefined })}>Clear filters</Button>
      </Empty>
    ) : (
      <Empty description="You have no galleries yet">
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>Create your first gallery</Button>
      </Empty>
    );
  } else {
    body = (
      <Flex vertical gap={24}>
        {page.data.length ? (
          <GalleryGrid galleries={page.data} hrefOf={(g) => `/creator/my-gallery/${g._id}`} label="My galleries" showStatus />
        ) : (
          <Empty description="There is nothing on this page." />
        )}
        <ListPager current={list.current} pageSize={list.pageSize} total={page.total} onChange={list.setPage} />
      </Flex>
    );
  }

  return (
    <div className={`app-container ${styles.page}`}>
      <div className={styles.toolbar}>
        <Typography.Title level={2} style={{ margin: 0 }}>My galleries</Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>New gallery</Button>
      </div>
      <div className={styles.filters}>
        <QuerySearch className={styles.search} value={list.filters.q} onSearch={(q) => list.setFilter({ q })} placeholder="Search my galleries" label="Search my galleries" />
        <Select aria-label="Status" style={{ width: 210 }} value={query.status ?? ''} options={STATUS_OPTIONS} onChange={(status) => list.setFilter({ status })} />
        <Select
          aria-label="Sort"
          style={{ width: 180 }}
          value={`${query.sortBy}:${query.sort}`}
          options={SORT_OPTIONS}
          onChange={(value: string) => {
            const [sortBy, sort] = value.split(':') as [string, 'asc' | 'desc'];
            list.setSort(sortBy, sort);
          }}
        />
      </div>
      {body}
      {newGalleryMounted ? (
        <NewGalleryModal
          open={creating}
          onClose={() => setCreating(false)}
          onCreated={(gallery) => {
            setCreating(false);
            void mutate();
            void router.push(`/creator/my-gallery/${gallery._id}`);
          }}
        />
      ) : null}
    </div>
  );
}
