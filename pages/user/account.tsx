import { PageTitle } from '@/client/components/page-title';
import { AccountPage } from '@/client/features/user/components/account-page';
import type { AppPage } from '@/client/layouts/page-types';

const UserAccountPage: AppPage = () => (
  <>
    <PageTitle title="Account settings" />
    <AccountPage />
  </>
);

UserAccountPage.authenticate = true;

export default UserAccountPage;
