import { PageTitle } from '@/client/components/page-title';
import { MySubscriptionsPage } from '@/client/features/subscriptions/components/my-subscriptions-page';
import type { AppPage } from '@/client/layouts/page-types';

const UserSubscriptionsPage: AppPage = () => (
  <>
    <PageTitle title="My subscriptions" />
    <MySubscriptionsPage />
  </>
);

UserSubscriptionsPage.authenticate = true;

export default UserSubscriptionsPage;
