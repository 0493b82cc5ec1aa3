import { Pagination, type PaginationProps } from 'antd';

/** antd's Pagination, in a chunk of its own (list-pager.tsx loads it when a list needs it). */
export function ListPagerPagination(props: PaginationProps) {
  return <Pagination {...props} />;
}
