import dynamic from 'next/dynamic';
import styles from './list-pager.module.css';

/**
 * antd's Pagination brings its page-size Select (with a virtual list, its trigger and the form
 * context) and the quick jumper's input: about 30 kB gzip that a list page pays for on its first
 * load even when everything fits on one page. Loaded when a list needs more than one page; the
 * placeholder keeps its height meanwhile, so nothing below it moves.
 */
const Pagination = dynamic(() => import('./list-pager-pagination').then((m) => m.ListPagerPagination), {
  loading: () => <div className={styles.placeholder} />,
});

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
