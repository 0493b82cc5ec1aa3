import { useCallback, useMemo } from 'react';
import { useRouter } from 'next/router';
import type { ParsedUrlQuery } from 'querystring';

export type SortOrder = 'asc' | 'desc';

export interface QueryListDefaults {
  pageSize?: number;
  sortBy?: string;
  sort?: SortOrder;
}

export type QueryFilters = Record<string, string | undefined>;

export interface QueryListParams {
  offset: number;
  limit: number;
  sortBy: string;
  sort: SortOrder;
  [filter: string]: string | number | undefined;
}

export interface QueryList {
  current: number;
  pageSize: number;
  sortBy: string;
  sort: SortOrder;
  filters: QueryFilters;
  /** DESIGN.md 3: current/pageSize mapped onto offset/limit, plus the filters. */
  params: QueryListParams;
  setPage(current: number, pageSize?: number): void;
  setSort(sortBy: string, sort: SortOrder): void;
  /** Sets (or, with '' / undefined, clears) filters and goes back to page 1. */
  setFilter(partial: Record<string, string | number | boolean | null | undefined>): void;
  /**
   * Several changes in one navigation (e.g. an antd Table onChange with page and sorter): two
   * separate set* calls in one tick would each start from the same old query. No page reset.
   */
  update(changes: Record<string, string | number | boolean | null | undefined>): void;
}

/** Spec 2 and 9 defaults; the API caps limit at 100. */
export const LIST_DEFAULTS = { current: 1, pageSize: 10, sortBy: 'updatedAt', sort: 'desc' as SortOrder };
const MAX_PAGE_SIZE = 100;
const LIST_KEYS = ['current', 'pageSize', 'sortBy', 'sort'];

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

function positiveInt(value: string | undefined, fallback: number, max = Number.MAX_SAFE_INTEGER) {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
}

/** Names of the dynamic segments of a route (`/[profileId]/videos` → profileId): not filters. */
function routeParamNames(pathname: string): string[] {
  return Array.from(pathname.matchAll(/\[(?:\.\.\.)?([^\]]+)\]/g), (m) => m[1]);
}

/**
 * List state kept in the query string (spec 2): shareable, survives reloads and the back button.
 * Writes go through shallow router.push and leave defaults out of the URL.
 */
export function useQueryList(defaults: QueryListDefaults = {}): QueryList {
  const router = useRouter();
  const { pageSize: defaultPageSize = LIST_DEFAULTS.pageSize, sortBy: defaultSortBy = LIST_DEFAULTS.sortBy } = defaults;
  const defaultSort = defaults.sort ?? LIST_DEFAULTS.sort;
  // Primitive deps: callers usually pass a fresh defaults object on every render.
  const d = useMemo(
    () => ({ current: LIST_DEFAULTS.current, pageSize: defaultPageSize, sortBy: defaultSortBy, sort: defaultSort }),
    [defaultPageSize, defaultSortBy, defaultSort],
  );
  const { query, pathname } = router;

  const state = useMemo(() => {
    const routeParams = routeParamNames(pathname);
    const current = positiveInt(first(query.current), d.current);
    const pageSize = positiveInt(first(query.pageSize), d.pageSize, MAX_PAGE_SIZE);
    const sortBy = first(query.sortBy) || d.sortBy;
    const sortValue = first(query.sort);
    const sort: SortOrder = sortValue === 'asc' || sortValue === 'desc' ? sortValue : d.sort;
    const filters: QueryFilters = {};
    Object.keys(query).forEach((key) => {
      if (LIST_KEYS.includes(key) || routeParams.includes(key)) return;
      const value = first(query[key]);
      if (value !== undefined && value !== '') filters[key] = value;
    });
    const params: QueryListParams = { ...filters, offset: (current - 1) * pageSize, limit: pageSize, sortBy, sort };
    return { current, pageSize, sortBy, sort, filters, params };
  }, [query, pathname, d]);

  const push = useCallback(
    (changes: Record<string, unknown>) => {
      const next: ParsedUrlQuery = { ...router.query };
      Object.entries(changes).forEach(([key, value]) => {
        const isDefault = key in d && String((d as Record<string, unknown>)[key]) === String(value);
        if (value === undefined || value === null || value === '' || isDefault) delete next[key];
        else next[key] = String(value);
      });
      void router.push({ pathname: router.pathname, query: next }, undefined, { shallow: true, scroll: false });
    },
    [router, d],
  );

  const setPage = useCallback(
    (current: number, pageSize?: number) => push(pageSize === undefined ? { current } : { current, pageSize }),
    [push],
  );
  // A new order makes the old page number meaningless: back to page 1, like a filter change.
  const setSort = useCallback((sortBy: string, sort: SortOrder) => push({ sortBy, sort, current: 1 }), [push]);
  const setFilter = useCallback((partial: Record<string, unknown>) => push({ ...partial, current: 1 }), [push]);

  return { ...state, setPage, setSort, setFilter, update: push };
}
