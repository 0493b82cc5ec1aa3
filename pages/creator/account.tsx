import { PageTitle } from '@/client/components/page-title';
import { AccountPage } from '@/client/features/user/components/account-page';
import type { AppPage } from '@/client/layouts/page-types';

const CreatorAccountPage: AppPage = () => (
  <>
    <PageTitle title="Account settings" />
    <AccountPage performer />
  </>
);

CreatorAccountPage.authenticate = true;
CreatorAccountPage.onlyPerformer = true;

export default CreatorAccountPage;
