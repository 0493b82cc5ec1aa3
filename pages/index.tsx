import { LandingPage } from '@/client/features/home/components/landing-page';
import { PageTitle } from '@/client/components/page-title';
import type { AppPage } from '@/client/layouts/page-types';

/** Public start page: promos, what the site is, top creators, and the way in. */
const IndexPage: AppPage = () => (
  <>
    <PageTitle />
    <LandingPage />
  </>
);

IndexPage.layout = 'public';

export default IndexPage;
