import { ADMIN_USER_SORTS, USER_STATUSES, type AdminUserQuery } from '@/common/contract/admin-users';
import { adminUserRoutes } from '@/common/contract/admin-users';
import { useQueryList } from '@/client/hooks/use-query-list';
import { useRouteData } from '@/client/hooks/use-route-data';

export const ADMIN_USERS_PAGE_SIZE = 20;
const ROLES = ['user', 'performer', 'admin'] as const;

const oneOf = <T extends string>(values: readonly T[], value: string | undefined): T | undefined =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : undefined;

/**
 * The console's user list: its state in the query string (`q`, `role`, `status`, page, sort) and
 * the API answer. The query is built explicitly, so hand-edited or unknown keys never reach the
 * API (which refuses them).
 */
export function useAdminUsers() {
  const list = useQueryList({ pageSize: ADMIN_USERS_PAGE_SIZE, sortBy: 'createdAt' });
  const { q, role, status } = list.filters;
  const filters = { q: q?.trim() || undefined, role: oneOf(ROLES, role), status: oneOf(USER_STATUSES, status) };
  const query: AdminUserQuery = {
    offset: list.params.offset,
    limit: list.params.limit,
    sortBy: oneOf(ADMIN_USER_SORTS, list.sortBy) ?? 'createdAt',
    sort: list.sort,
    ...(filters.q ? { q: filters.q } : {}),
    ...(filters.role ? { role: filters.role } : {}),
    ...(filters.status ? { status: filters.status } : {}),
  };
  const swr = useRouteData(adminUserRoutes.list, query);
  return { list, filters, query, ...swr, page: swr.data?.data };
}
