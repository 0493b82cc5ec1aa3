import { AdminUserDetailPage } from '@/client/features/admin-users/components/admin-user-detail-page';
import type { AppPage } from '@/client/layouts/page-types';

/** /admin/users/[id]: one account with its activity and the operator's actions on it. */
const AdminUser: AppPage = () => <AdminUserDetailPage />;

AdminUser.onlyAdmin = true;
AdminUser.layout = 'admin';

export default AdminUser;
