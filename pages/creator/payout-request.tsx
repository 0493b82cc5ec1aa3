import { PageTitle } from '@/client/components/page-title';
import { PayoutRequestPage } from '@/client/features/payouts/components/payout-request-page';
import type { AppPage } from '@/client/layouts/page-types';

/** /creator/payout-request: ask for a payout and follow past requests. */
const CreatorPayoutRequestPage: AppPage = () => (
  <>
    <PageTitle title="Payouts" />
    <PayoutRequestPage />
  </>
);

CreatorPayoutRequestPage.authenticate = true;
CreatorPayoutRequestPage.onlyPerformer = true;
CreatorPayoutRequestPage.layout = 'studio';

export default CreatorPayoutRequestPage;
