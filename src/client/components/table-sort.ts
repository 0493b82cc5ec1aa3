import type { TableProps } from 'antd';
import type { QueryList } from '@/client/hooks/use-query-list';

type SortOrder = 'ascend' | 'descend' | null;

/**
 * An antd Table sorted through the query string: `sortOrder(key)` for each sortable column and
 * `onChange` for the table. Clicking a header writes `sortBy`/`sort` (back to page 1); a third
 * click clears them, back to the list's default order. `sortBy` is the order the page really asks
 * the API for, when it checked the URL's value against the columns it allows.
 */
export function tableSort<T>(list: QueryList, sortBy: string = list.sortBy) {
  const sortOrder = (key: string): SortOrder => (sortBy === key ? (list.sort === 'asc' ? 'ascend' : 'descend') : null);
  const onChange: NonNullable<TableProps<T>['onChange']> = (_pagination, _filters, sorter) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    if (!one?.order) list.update({ sortBy: undefined, sort: undefined, current: 1 });
    else list.update({ sortBy: String(one.columnKey), sort: one.order === 'ascend' ? 'asc' : 'desc', current: 1 });
  };
  return { sortOrder, onChange };
}
