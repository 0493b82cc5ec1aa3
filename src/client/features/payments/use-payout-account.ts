import { paymentRoutes } from '@/common/contract/payments';
import { useRouteData } from '@/client/hooks/use-route-data';

/** The creator's payout account at the active gateway (null account before connecting). */
export const usePayoutAccount = () => useRouteData(paymentRoutes.myAccount, {});
