import { AdminVerificationsPage } from '@/client/features/admin-verification/components/admin-verifications-page';
import type { AppPage } from '@/client/layouts/page-types';

/** /admin/creator-verifications: operators review creators' identity documents (the API enforces the role too). */
const CreatorVerificationsPage: AppPage = () => <AdminVerificationsPage />;

CreatorVerificationsPage.onlyAdmin = true;
CreatorVerificationsPage.layout = 'admin';

export default CreatorVerificationsPage;
