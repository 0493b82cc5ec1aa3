import { PageTitle } from '@/client/components/page-title';
import { FollowingPage } from '@/client/features/social/components/following-page';
import type { AppPage } from '@/client/layouts/page-types';

const UserFollowingPage: AppPage = () => (
  <>
    <PageTitle title="Following" />
    <FollowingPage />
  </>
);

UserFollowingPage.authenticate = true;

export default UserFollowingPage;
