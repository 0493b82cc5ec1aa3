import { PageTitle } from '@/client/components/page-title';
import { MySubscribersPage } from '@/client/features/subscriptions/components/my-subscribers-page';
import type { AppPage } from '@/client/layouts/page-types';

const CreatorSubscribersPage: AppPage = () => (
  <>
    <PageTitle title="Subscribers" />
    <MySubscribersPage />
  </>
);

CreatorSubscribersPage.authenticate = true;
CreatorSubscribersPage.onlyPerformer = true;
CreatorSubscribersPage.layout = 'studio';

export default CreatorSubscribersPage;
