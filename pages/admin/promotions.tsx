import { PromotionsPage } from '@/client/features/admin-site/promotions/promotions-page';
import type { AppPage } from '@/client/layouts/page-types';

/** /admin/promotions: the banners of the landing and home pages. */
const AdminPromotionsPage: AppPage = () => <PromotionsPage />;

AdminPromotionsPage.onlyAdmin = true;
AdminPromotionsPage.layout = 'admin';

export default AdminPromotionsPage;
