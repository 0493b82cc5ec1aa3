import { AdminReportsPage } from '@/client/features/admin-moderation/components/admin-reports-page';
import type { AppPage } from '@/client/layouts/page-types';

/** /admin/reports: the moderation queue (the API enforces the operator role too). */
const ReportsPage: AppPage = () => <AdminReportsPage />;

ReportsPage.onlyAdmin = true;
ReportsPage.layout = 'admin';

export default ReportsPage;
