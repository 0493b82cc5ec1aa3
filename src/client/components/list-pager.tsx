import { Pagination } from 'antd';

interface Props {
  current: number;
  pageSize: number;
  total: number;
  onChange: (current: number, pageSize: number) => void;
  /** When given, people may pick how many per page. */
  pageSizeOptions?: number[];
}

/** antd Pagination for a list page; hidden when everything fits on one page. */
export function ListPager({ current, pageSize, total, onChange, pageSizeOptions }: Props) {
  const smallest = pageSizeOptions?.[0] ?? pageSize;
  if (total <= Math.min(smallest, pageSize) && current === 1) return null;
  const change = (page: number, size: number) => {
    onChange(page, size);
    if (typeof window !== 'undefined' && typeof window.scrollTo === 'function') window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  return (
    <Pagination
      align="center"
      current={current}
      pageSize={pageSize}
      total={total}
      showSizeChanger={Boolean(pageSizeOptions)}
      pageSizeOptions={pageSizeOptions}
      responsive
      onChange={change}
    />
  );
}
