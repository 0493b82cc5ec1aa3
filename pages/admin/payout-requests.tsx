import { PageTitle } from '@/client/components/page-title';
import { AdminPayoutsPage } from '@/client/features/payouts/components/admin-payouts-page';
import type { AppPage } from '@/client/layouts/page-types';

/** /admin/payout-requests: operators approve or reject payout requests (the API enforces the role). */
const AdminPayoutRequestsPage: AppPage = () => (
  <>
    <PageTitle title="Payout requests" />
    <AdminPayoutsPage />
  </>
);

AdminPayoutRequestsPage.authenticate = true;

export default AdminPayoutRequestsPage;
