import { paymentRoutes } from '@/common/contract/payments';
import { useRouteData } from '@/client/hooks/use-route-data';

/** Bounds, token rate and gateway for the top-up form (the rate is not a public setting). */
export const useTopUpOptions = () => useRouteData(paymentRoutes.topUpOptions, {});
