import { adminUserRoutes } from '@/common/contract/admin-users';
import { useRouteData } from '@/client/hooks/use-route-data';
import { routeUrl } from '@/client/lib/call-route';

/** One account's detail for the console (`GET /admin/users/:id`); waits while the id is unknown. */
export function useAdminUser(id: string | undefined) {
  const route = { ...adminUserRoutes.view, url: id ? routeUrl(adminUserRoutes.view.url, { id }) : adminUserRoutes.view.url };
  const swr = useRouteData(route, id ? {} : null);
  return { ...swr, detail: swr.data?.data };
}
