import { searchRoutes, type SearchQuery } from '@/common/contract/search';
import { useRouteData } from '@/client/hooks/use-route-data';

/** GET /search for the page's query; null waits (nothing valid typed yet). */
export function useSearchResults(query: SearchQuery | null) {
  const { data, error, mutate, isValidating } = useRouteData(searchRoutes.search, query);
  return { results: data?.data, error, retry: () => void mutate(), isValidating };
}
