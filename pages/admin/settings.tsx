import { AdminSettingsPage } from '@/client/features/admin-settings/components/admin-settings-page';
import type { AppPage } from '@/client/layouts/page-types';

/** /admin/settings: every site setting in groups, each saved on its own (the API enforces the role too). */
const SettingsPage: AppPage = () => <AdminSettingsPage />;

SettingsPage.onlyAdmin = true;
SettingsPage.layout = 'admin';

export default SettingsPage;
