import { Empty, Flex } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { galleryRoutes } from '@/common/contract/galleries';
import { useQueryList } from '@/client/hooks/use-query-list';
import { useRouteData } from '@/client/hooks/use-route-data';
import { LinkButton } from '@/client/components/link-button';
import { ListError } from '@/client/components/list-error';
import { ListPager } from '@/client/components/list-pager';
import type { ProfileTabProps } from '@/client/features/performer/components/profile-tabs';
import { GalleryGrid } from './gallery-card';

const PAGE_SIZE = 12;

/** The profile's Photos tab: the creator's galleries (newest first) with covers, lock badges and prices. */
export function ProfileGalleriesTab({ performer, isOwner }: ProfileTabProps) {
  const list = useQueryList({ pageSize: PAGE_SIZE });
  const { data, error, mutate } = useRouteData(galleryRoutes.search, {
    performerId: performer._id,
    offset: list.params.offset,
    limit: list.params.limit,
  });
  const page = data?.data;

  if (error && !page) return <ListError error={error} onRetry={() => void mutate()} />;
  if (!page) return <GalleryGrid galleries={undefined} hrefOf={() => ''} label="Galleries" />;
  if (page.total === 0) {
    return (
      <Empty description={isOwner ? 'You have no galleries yet' : 'No photo galleries yet'} style={{ padding: '32px 0' }}>
        {isOwner ? (
          <LinkButton href="/creator/my-gallery" type="primary" icon={<PlusOutlined />}>
            Create a gallery
          </LinkButton>
        ) : null}
      </Empty>
    );
  }
  return (
    <Flex vertical gap={24} style={{ paddingTop: 8 }}>
      {page.data.length ? (
        <GalleryGrid galleries={page.data} hrefOf={(g) => `/gallery/${g._id}`} label="Galleries" />
      ) : (
        <Empty description="There is nothing on this page." />
      )}
      <ListPager current={list.current} pageSize={list.pageSize} total={page.total} onChange={list.setPage} />
    </Flex>
  );
}
