import { paymentRoutes, type PaymentSearchQuery } from '@/common/contract/payments';
import { useRouteData } from '@/client/hooks/use-route-data';

/** A page of my card payments. */
export const usePayments = (query: PaymentSearchQuery) => useRouteData(paymentRoutes.search, query);
