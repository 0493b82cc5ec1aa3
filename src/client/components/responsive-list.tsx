import type { ReactNode } from 'react';
import { Card, Empty, Flex, Grid, Table, type TableProps } from 'antd';
import { ListError } from './list-error';

/** Where rows turn into cards: `md` 768 px (the default), `lg` 992 px, `xl` 1200 px. */
export type CardsBelow = 'md' | 'lg' | 'xl';

export interface ResponsiveListProps<T> {
  /** The page of rows; undefined while it loads. */
  items: T[] | undefined;
  /** A failure with nothing to show (the list keeps showing rows it already has). */
  error?: unknown;
  onRetry?: () => void;
  /** What the failure says first ("We could not load your spending"). */
  errorTitle?: string;
  rowKey: keyof T & string;
  /** Names the table and the card list for assistive technology (and tests). */
  label: string;
  /** The table's columns (from `cardsBelow`), without the actions. */
  columns: TableProps<T>['columns'];
  /** One row as a card (below `cardsBelow`): the figures a person needs there (the actions follow on their own). */
  renderCard: (item: T) => ReactNode;
  /**
   * The row's buttons: the table's last column, pinned to its right edge so no button is ever
   * scrolled or cut out of view, and the foot of each card. Leave out when a row has none.
   */
  actions?: (item: T) => ReactNode;
  /** Rows become cards below this width; a table with many columns picks `lg` or `xl` so it never has to squeeze. */
  cardsBelow?: CardsBelow;
  /** What an empty list says (a filter that matched nothing, or nothing yet). */
  empty: ReactNode;
  /** The accessible name of one card (defaults to the row key). */
  cardLabel?: (item: T) => string;
  onTableChange?: TableProps<T>['onChange'];
  tableProps?: Omit<TableProps<T>, 'columns' | 'dataSource' | 'rowKey' | 'onChange' | 'loading' | 'pagination' | 'locale'>;
}

/**
 * A page of a list as people need it on each screen (issue 14: pages that fit): a table from
 * `cardsBelow` (768 px unless told), a card per row below it, the same loading, empty and error
 * states on both. The table takes the width it has: cells wrap rather than push the table wider,
 * it scrolls sideways only when even wrapped cells cannot fit, and the actions column stays pinned
 * in view at its right edge. The server renders the table (it cannot know the width); narrower
 * screens switch to cards as soon as the page runs.
 */
export function ResponsiveList<T extends object>({
  items, error, onRetry, errorTitle, rowKey, label, columns, renderCard, actions, cardsBelow = 'md', empty, cardLabel, onTableChange, tableProps,
}: ResponsiveListProps<T>) {
  const screens = Grid.useBreakpoint();
  if (error && !items) return <ListError error={error} onRetry={() => onRetry?.()} title={errorTitle} />;
  if (screens[cardsBelow] === false) {
    if (!items) return <Card loading aria-label={`Loading ${label.toLowerCase()}`} />;
    if (!items.length) return <Empty description={empty} />;
    return (
      <Flex vertical gap={8} role="list" aria-label={label}>
        {items.map((item) => (
          <Card key={String(item[rowKey])} size="small" role="listitem" aria-label={cardLabel?.(item) ?? String(item[rowKey])}>
            {renderCard(item)}
            {actions ? <Flex gap={8} wrap style={{ marginTop: 12 }}>{actions(item)}</Flex> : null}
          </Card>
        ))}
      </Flex>
    );
  }
  const actionColumn: NonNullable<TableProps<T>['columns']>[number] = {
    key: 'actions',
    title: <span className="sr-only">Actions</span>,
    fixed: 'right',
    render: (_, item) => <Flex gap={8} wrap>{actions?.(item)}</Flex>,
  };
  return (
    <Table<T>
      rowKey={rowKey}
      columns={actions ? [...(columns ?? []), actionColumn] : columns}
      dataSource={items}
      loading={!items}
      pagination={false}
      onChange={onTableChange}
      // `true`: as wide as the content wants and no wider than the page (cells wrap), scrolling only
      // past that; 'max-content' would refuse to wrap and push actions out of view at 1280 px.
      scroll={{ x: true }}
      tableLayout="auto"
      // Denser cells (8 px at the sides rather than 16) so a row of figures fits beside the studio's sidebar.
      size="middle"
      locale={{ emptyText: <Empty description={empty} /> }}
      aria-label={label}
      {...tableProps}
    />
  );
}
