import { PageTitle } from '@/client/components/page-title';
import { CreatorDashboardPage } from '@/client/features/creator-dashboard/components/creator-dashboard-page';
import type { AppPage } from '@/client/layouts/page-types';

/** /creator/dashboard: the creator's home in the studio. */
const CreatorDashboardRoute: AppPage = () => (
  <>
    <PageTitle title="Dashboard" />
    <CreatorDashboardPage />
  </>
);

CreatorDashboardRoute.authenticate = true;
CreatorDashboardRoute.onlyPerformer = true;
CreatorDashboardRoute.layout = 'studio';

export default CreatorDashboardRoute;
