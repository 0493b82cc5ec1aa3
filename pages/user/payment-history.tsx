import { PageTitle } from '@/client/components/page-title';
import { PaymentHistoryPage } from '@/client/features/payments/components/payment-history-page';
import type { AppPage } from '@/client/layouts/page-types';

const PaymentHistoryRoute: AppPage = () => (
  <>
    <PageTitle title="Payment history" />
    <PaymentHistoryPage />
  </>
);

PaymentHistoryRoute.authenticate = true;

export default PaymentHistoryRoute;
