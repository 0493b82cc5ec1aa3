import { PagesPage } from '@/client/features/admin-site/pages/pages-page';
import type { AppPage } from '@/client/layouts/page-types';

/** /admin/pages: the site's own pages (/page/{slug}), with an editor in a drawer. */
const AdminPagesPage: AppPage = () => <PagesPage />;

AdminPagesPage.onlyAdmin = true;
AdminPagesPage.layout = 'admin';

export default AdminPagesPage;
