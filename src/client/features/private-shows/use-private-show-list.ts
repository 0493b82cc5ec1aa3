import { privateShowRoutes, type PrivateShowListQuery } from '@/common/contract/private-shows';
import { useRouteData } from '@/client/hooks/use-route-data';

/** Requests I made or received (`GET /private-shows`); revalidated by the socket saga. */
export const usePrivateShowList = (query: PrivateShowListQuery | null) => useRouteData(privateShowRoutes.list, query);
