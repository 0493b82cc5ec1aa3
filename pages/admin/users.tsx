import { AdminUsersPage } from '@/client/features/admin-users/components/admin-users-page';
import type { AppPage } from '@/client/layouts/page-types';

/** /admin/users: every account, searchable and filterable (the API enforces the operator role too). */
const AdminUsers: AppPage = () => <AdminUsersPage />;

AdminUsers.onlyAdmin = true;
AdminUsers.layout = 'admin';

export default AdminUsers;
