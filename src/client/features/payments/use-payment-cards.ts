import { paymentRoutes } from '@/common/contract/payments';
import { useRouteData } from '@/client/hooks/use-route-data';

/** My saved cards at the active gateway. */
export const usePaymentCards = () => useRouteData(paymentRoutes.cards, {});
