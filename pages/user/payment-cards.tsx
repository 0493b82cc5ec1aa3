import { PageTitle } from '@/client/components/page-title';
import { PaymentCardsPage } from '@/client/features/payments/components/payment-cards-page';
import type { AppPage } from '@/client/layouts/page-types';

const PaymentCardsRoute: AppPage = () => (
  <>
    <PageTitle title="Payment cards" />
    <PaymentCardsPage />
  </>
);

PaymentCardsRoute.authenticate = true;

export default PaymentCardsRoute;
