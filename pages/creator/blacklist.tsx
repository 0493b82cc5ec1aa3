import { PageTitle } from '@/client/components/page-title';
import { BlacklistPage } from '@/client/features/blocking/components/blacklist-page';
import type { AppPage } from '@/client/layouts/page-types';

const CreatorBlacklistPage: AppPage = () => (
  <>
    <PageTitle title="Blacklist" />
    <BlacklistPage />
  </>
);

CreatorBlacklistPage.authenticate = true;
CreatorBlacklistPage.onlyPerformer = true;
CreatorBlacklistPage.layout = 'studio';

export default CreatorBlacklistPage;
