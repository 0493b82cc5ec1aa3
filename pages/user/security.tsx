import { PageTitle } from '@/client/components/page-title';
import { SecurityPage } from '@/client/features/account-security/components/security-page';
import type { AppPage } from '@/client/layouts/page-types';

const UserSecurityPage: AppPage = () => (
  <>
    <PageTitle title="Security" />
    <SecurityPage />
  </>
);

UserSecurityPage.authenticate = true;

export default UserSecurityPage;
