import { Button, Empty, Flex } from 'antd';
import type { PerformerCard } from '@/common/contract/performers';
import { EXPLORE_PAGE_SIZES } from '../explore-query';
import { ListError } from '@/client/components/list-error';
import { ListPager } from '@/client/components/list-pager';
import { PerformerGrid } from './performer-grid';

interface Props {
  page: { data: PerformerCard[]; total: number } | undefined;
  error: unknown;
  retry: () => void;
  current: number;
  pageSize: number;
  filtered: boolean;
  onPage: (current: number, pageSize: number) => void;
  onClear: () => void;
}

/** The explore results: skeletons, error with retry, empty states, or the grid with its pager. */
export function ExploreResults({ page, error, retry, current, pageSize, filtered, onPage, onClear }: Props) {
  if (error && !page) return <ListError error={error} onRetry={retry} title="We could not load creators" />;
  if (!page) return <PerformerGrid performers={undefined} skeletons={Math.min(pageSize, 12)} label="Creators" />;

  if (!page.data.length) {
    // A page number past the end (an old link) is not the same as "nothing matches".
    if (page.total > 0) {
      return (
        <Empty description="There are no creators on this page.">
          <Button type="primary" onClick={() => onPage(1, pageSize)}>
            Go to the first page
          </Button>
        </Empty>
      );
    }
    return filtered ? (
      <Empty description="No creators match these filters">
        <Button type="primary" onClick={onClear}>
          Clear filters
        </Button>
      </Empty>
    ) : (
      <Empty description="No creators yet. Check back soon!" />
    );
  }

  return (
    <Flex vertical gap={24}>
      <PerformerGrid performers={page.data} label="Creators" />
      <ListPager current={current} pageSize={pageSize} total={page.total} pageSizeOptions={EXPLORE_PAGE_SIZES} onChange={onPage} />
    </Flex>
  );
}
