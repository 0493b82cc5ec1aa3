import { PageTitle } from '@/client/components/page-title';
import { HomeDashboard } from '@/client/features/home/components/home-dashboard';
import type { AppPage } from '@/client/layouts/page-types';

const HomePage: AppPage = () => (
  <>
    <PageTitle title="Home" />
    <HomeDashboard />
  </>
);

HomePage.authenticate = true;
HomePage.noredirect = true;

export default HomePage;
