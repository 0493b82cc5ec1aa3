import { PageTitle } from '@/client/components/page-title';
import { SecurityPage } from '@/client/features/account-security/components/security-page';
import type { AppPage } from '@/client/layouts/page-types';

const CreatorSecurityPage: AppPage = () => (
  <>
    <PageTitle title="Security" />
    <SecurityPage />
  </>
);

CreatorSecurityPage.authenticate = true;
CreatorSecurityPage.onlyPerformer = true;
CreatorSecurityPage.layout = 'studio';

export default CreatorSecurityPage;
