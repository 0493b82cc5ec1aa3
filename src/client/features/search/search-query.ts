import { SEARCH_ALL_PREVIEW, SEARCH_MIN_CHARS, SEARCH_Q_MAX, SEARCH_TYPES, type SearchQuery, type SearchType } from '@/common/contract/search';
import type { QueryList } from '@/client/hooks/use-query-list';

export const SEARCH_TABS: { key: SearchType; label: string }[] = [
  { key: 'all', label: 'All' },
  { key: 'creators', label: 'Creators' },
  { key: 'posts', label: 'Posts' },
  { key: 'hashtags', label: 'Hashtags' },
];

/** The search page's address for a text (and a tab); `all` is the default and stays out of the URL. */
export function searchHref(q: string, type: SearchType = 'all'): string {
  const params = new URLSearchParams({ q });
  if (type !== 'all') params.set('type', type);
  return `/search?${params.toString()}`;
}

/** Why a text cannot be searched yet (the API would answer 400), or null. */
export function searchTextProblem(q: string): string | null {
  if (!q.trim()) return null;
  if ((q.match(/[\p{L}\p{N}]/gu) ?? []).length < SEARCH_MIN_CHARS) return `Type at least ${SEARCH_MIN_CHARS} letters or digits to search.`;
  return null;
}

export interface SearchState {
  q: string;
  type: SearchType;
  /** The API query, or null when there is nothing valid to search for. */
  query: SearchQuery | null;
}

/** q, tab and page from the query string (the page's whole state): `All` shows a few of each kind. */
export function searchStateOf(list: Pick<QueryList, 'filters' | 'current' | 'pageSize'>): SearchState {
  const q = (list.filters.q ?? '').trim().slice(0, SEARCH_Q_MAX);
  const type = (SEARCH_TYPES as readonly string[]).includes(list.filters.type ?? '') ? (list.filters.type as SearchType) : 'all';
  if (!q || searchTextProblem(q)) return { q, type, query: null };
  const query: SearchQuery = type === 'all'
    ? { q, type, offset: 0, limit: SEARCH_ALL_PREVIEW }
    : { q, type, offset: (list.current - 1) * list.pageSize, limit: list.pageSize };
  return { q, type, query };
}
