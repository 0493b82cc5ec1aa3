import { PageTitle } from '@/client/components/page-title';
import { EarningsPage } from '@/client/features/earnings/components/earnings-page';
import type { AppPage } from '@/client/layouts/page-types';

/** /creator/earning: the creator's sales and balances. */
const CreatorEarningPage: AppPage = () => (
  <>
    <PageTitle title="Earnings" />
    <EarningsPage />
  </>
);

CreatorEarningPage.authenticate = true;
CreatorEarningPage.onlyPerformer = true;
CreatorEarningPage.layout = 'studio';

export default CreatorEarningPage;
