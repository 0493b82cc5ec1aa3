import { AuditLogPage } from '@/client/features/admin-audit/audit-log-page';
import type { AppPage } from '@/client/layouts/page-types';

/** /admin/audit-log: every operator write, filterable by operator, action, target and date. */
const AdminAuditLogPage: AppPage = () => <AuditLogPage />;

AdminAuditLogPage.onlyAdmin = true;
AdminAuditLogPage.layout = 'admin';

export default AdminAuditLogPage;
