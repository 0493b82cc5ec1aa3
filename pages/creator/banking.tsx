import { PageTitle } from '@/client/components/page-title';
import { BankingPage } from '@/client/features/payments/components/banking-page';
import type { AppPage } from '@/client/layouts/page-types';

const BankingRoute: AppPage = () => (
  <>
    <PageTitle title="Banking" />
    <BankingPage />
  </>
);

BankingRoute.authenticate = true;
BankingRoute.onlyPerformer = true;BankingRoute.layout = 'studio';

export default BankingRoute;
