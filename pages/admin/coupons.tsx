import { AdminCouponsPage } from '@/client/features/admin-money/coupons/admin-coupons-page';
import type { AppPage } from '@/client/layouts/page-types';

/** /admin/coupons: operators create, edit and deactivate coupons and see who used them. */
const CouponsPage: AppPage = () => <AdminCouponsPage />;

CouponsPage.onlyAdmin = true;
CouponsPage.layout = 'admin';

export default CouponsPage;
