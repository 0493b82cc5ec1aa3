import { AdminDashboardPage } from '@/client/features/admin-dashboard/components/admin-dashboard-page';
import type { AppPage } from '@/client/layouts/page-types';

/** /admin: the console's home (sign-ups, subscriptions, sales, queues, ledger health). */
const AdminHomePage: AppPage = () => <AdminDashboardPage />;

AdminHomePage.onlyAdmin = true;
AdminHomePage.layout = 'admin';

export default AdminHomePage;
