import { AdminPayoutsPage } from '@/client/features/payouts/components/admin-payouts-page';
import type { AppPage } from '@/client/layouts/page-types';

/** /admin/payout-requests: operators approve or reject payout requests (the API enforces the role too). */
const AdminPayoutRequestsPage: AppPage = () => <AdminPayoutsPage />;

AdminPayoutRequestsPage.onlyAdmin = true;
AdminPayoutRequestsPage.layout = 'admin';

export default AdminPayoutRequestsPage;
