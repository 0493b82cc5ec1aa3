import { PageTitle } from '@/client/components/page-title';
import { FollowersPage } from '@/client/features/social/components/followers-page';
import type { AppPage } from '@/client/layouts/page-types';

const CreatorFollowersPage: AppPage = () => (
  <>
    <PageTitle title="Followers" />
    <FollowersPage />
  </>
);

CreatorFollowersPage.authenticate = true;
CreatorFollowersPage.onlyPerformer = true;
CreatorFollowersPage.layout = 'studio';

export default CreatorFollowersPage;
