import { PageTitle } from '@/client/components/page-title';
import { PerformerAccountPage } from '@/client/features/performer/components/performer-account-page';
import type { AppPage } from '@/client/layouts/page-types';

/** The creator's account editor (spec 2: also where a creator lacking email or username lands). */
const CreatorAccountPage: AppPage = () => (
  <>
    <PageTitle title="Account settings" />
    <PerformerAccountPage />
  </>
);

CreatorAccountPage.authenticate = true;
CreatorAccountPage.onlyPerformer = true;
CreatorAccountPage.layout = 'studio';

export default CreatorAccountPage;
