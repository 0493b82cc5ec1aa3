import { accountSecurityRoutes } from '@/common/contract/account-security';
import { useRouteData } from '@/client/hooks/use-route-data';

/** The caller's signed-in devices (every one: a person has a handful). */
export const useSessions = () => useRouteData(accountSecurityRoutes.sessions, {});
