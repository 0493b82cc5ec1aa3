import { LandingPage } from '@/client/features/home/components/landing-page';
import { loadLandingPage, type LandingPageProps } from '@/client/features/home/load-landing';
import { PageTitle } from '@/client/components/page-title';
import type { AppPage } from '@/client/layouts/page-types';

/** Public start page: promos, what the site is, top creators, and the way in. */
const IndexPage: AppPage<LandingPageProps> = (props) => (
  <>
    <PageTitle />
    <LandingPage {...props} />
  </>
);

IndexPage.layout = 'public';
// Drawn without antd (features/home/components/landing-page.tsx): its first load carries none.
IndexPage.antdFree = true;
IndexPage.getInitialProps = loadLandingPage;

export default IndexPage;
