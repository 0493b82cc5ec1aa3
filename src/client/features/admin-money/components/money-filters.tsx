import { Button, Flex, Input, Select } from 'antd';
import type { ReactNode } from 'react';
import type { QueryList } from '@/client/hooks/use-query-list';
import { QuerySearch } from '@/client/components/query-search';

/** A date bound to a query-string key (ISO day; the browser's own date picker, fine on phones). */
function DateFilter({ value, label, onApply }: { value: string | undefined; label: string; onApply: (value: string | undefined) => void }) {
  return (
    <Input
      type="date"
      aria-label={label}
      prefix={<span style={{ opacity: 0.65 }}>{label}</span>}
      style={{ width: 200 }}
      value={value ?? ''}
      onChange={(e) => onApply(e.target.value || undefined)}
    />
  );
}

export interface MoneyFilterBarProps {
  list: QueryList;
  /** The filters the API is asked for (the URL's, checked): what the fields show, and whether "Clear filters" is offered. */
  values: Record<string, string | undefined>;
  /** Choices bound to a key; the first option ('' = any) clears it. */
  selects: { key: string; label: string; width: number; options: { value: string; label: string }[] }[];
  /** People, by username or id. */
  people: { key: string; label: string }[];
  /** After the filters (an export button). */
  children?: ReactNode;
}

/**
 * The filter bar of a money list: choices, people and a range of days (`fromDate`, `toDate`), all
 * in the query string; "Clear filters" empties every one of them.
 */
export function MoneyFilterBar({ list, values, selects, people, children }: MoneyFilterBarProps) {
  const keys = [...selects.map((s) => s.key), ...people.map((p) => p.key), 'fromDate', 'toDate'];
  const filtered = keys.some((key) => values[key] !== undefined);
  return (
    <Flex gap={8} wrap align="center">
      {selects.map((s) => (
        <Select
          key={s.key}
          aria-label={s.label}
          style={{ width: s.width }}
          value={values[s.key] ?? ''}
          onChange={(value: string) => list.setFilter({ [s.key]: value })}
          options={s.options}
        />
      ))}
      {people.map((p) => (
        <QuerySearch
          key={p.key}
          label={p.label}
          placeholder={`${p.label}: username or id`}
          value={values[p.key]}
          onSearch={(value) => list.setFilter({ [p.key]: value })}
          style={{ width: 220, maxWidth: '100%' }}
        />
      ))}
      <DateFilter label="From" value={values.fromDate} onApply={(fromDate) => list.setFilter({ fromDate })} />
      <DateFilter label="To" value={values.toDate} onApply={(toDate) => list.setFilter({ toDate })} />
      {filtered ? <Button onClick={() => list.setFilter(Object.fromEntries(keys.map((key) => [key, undefined])))}>Clear filters</Button> : null}
      {children}
    </Flex>
  );
}
