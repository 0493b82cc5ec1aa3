import { AdminContentPage } from '@/client/features/admin-moderation/components/admin-content-page';
import type { AppPage } from '@/client/layouts/page-types';

/** /admin/content: search every creator's content and comments; hide or unhide (the API enforces the operator role too). */
const ContentPage: AppPage = () => <AdminContentPage />;

ContentPage.onlyAdmin = true;
ContentPage.layout = 'admin';

export default ContentPage;
