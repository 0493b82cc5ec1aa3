import type { ReactNode } from 'react';
import { Card, Empty, Flex, Grid, Table, type TableProps } from 'antd';
import { ListError } from './list-error';

export interface ResponsiveListProps<T> {
  /** The page of rows; undefined while it loads. */
  items: T[] | undefined;
  /** A failure with nothing to show (the list keeps showing rows it already has). */
  error?: unknown;
  onRetry?: () => void;
  rowKey: keyof T & string;
  /** Names the table and the card list for assistive technology (and tests). */
  label: string;
  /** The desktop table's columns (from 768 px). */
  columns: TableProps<T>['columns'];
  /** One row as a card on phones (below 768 px): the figures and actions a person needs there. */
  renderCard: (item: T) => ReactNode;
  /** What an empty list says (a filter that matched nothing, or nothing yet). */
  empty: ReactNode;
  /** The accessible name of one card (defaults to the row key). */
  cardLabel?: (item: T) => string;
  onTableChange?: TableProps<T>['onChange'];
  tableProps?: Omit<TableProps<T>, 'columns' | 'dataSource' | 'rowKey' | 'onChange' | 'loading' | 'pagination' | 'locale'>;
}

/**
 * A page of a list as people need it on each screen: a table from 768 px (scrolling sideways
 * rather than cutting action columns), a card per row below it, the same loading, empty and error
 * states on both. The server renders the table (it cannot know the width); phones switch to cards
 * as soon as the page runs.
 */
export function ResponsiveList<T extends object>({
  items, error, onRetry, rowKey, label, columns, renderCard, empty, cardLabel, onTableChange, tableProps,
}: ResponsiveListProps<T>) {
  const screens = Grid.useBreakpoint();
  if (error && !items) return <ListError error={error} onRetry={() => onRetry?.()} />;
  if (screens.md === false) {
    if (!items) return <Card loading aria-label={`Loading ${label.toLowerCase()}`} />;
    if (!items.length) return <Empty description={empty} />;
    return (
      <Flex vertical gap={8} role="list" aria-label={label}>
        {items.map((item) => (
          <Card key={String(item[rowKey])} size="small" role="listitem" aria-label={cardLabel?.(item) ?? String(item[rowKey])}>
            {renderCard(item)}
          </Card>
        ))}
      </Flex>
    );
  }
  return (
    <Table<T>
      rowKey={rowKey}
      columns={columns}
      dataSource={items}
      loading={!items}
      pagination={false}
      onChange={onTableChange}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty description={empty} /> }}
      aria-label={label}
      {...tableProps}
    />
  );
}
