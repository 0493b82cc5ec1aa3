import { PageTitle } from '@/client/components/page-title';
import { OrdersPage } from '@/client/features/orders/components/orders-page';
import type { AppPage } from '@/client/layouts/page-types';

const CreatorOrdersPage: AppPage = () => (
  <>
    <PageTitle title="Orders" />
    <OrdersPage mode="seller" />
  </>
);

CreatorOrdersPage.authenticate = true;
CreatorOrdersPage.onlyPerformer = true;
CreatorOrdersPage.layout = 'studio';

export default CreatorOrdersPage;
