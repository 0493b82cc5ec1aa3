import { PageTitle } from '@/client/components/page-title';
import { MyReportsPage } from '@/client/features/engagement/components/my-reports-page';
import type { AppPage } from '@/client/layouts/page-types';

/** /user/reports: the signed-in person's reports and what came of them. */
const UserReportsPage: AppPage = () => (
  <>
    <PageTitle title="My reports" />
    <MyReportsPage />
  </>
);

UserReportsPage.authenticate = true;

export default UserReportsPage;
