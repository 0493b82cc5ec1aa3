import { accountSecurityRoutes } from '@/common/contract/account-security';
import { useRouteData } from '@/client/hooks/use-route-data';

/** Whether two-factor sign-in is on, and how many recovery codes are left. */
export const useTwoFactorStatus = () => useRouteData(accountSecurityRoutes.twoFactorStatus, {});
