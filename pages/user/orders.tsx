import { PageTitle } from '@/client/components/page-title';
import { OrdersPage } from '@/client/features/orders/components/orders-page';
import type { AppPage } from '@/client/layouts/page-types';

const UserOrdersPage: AppPage = () => (
  <>
    <PageTitle title="My orders" />
    <OrdersPage mode="buyer" />
  </>
);

UserOrdersPage.authenticate = true;

export default UserOrdersPage;
