import { LandingHero } from '@/client/features/home/components/landing-hero';
import { PageTitle } from '@/client/components/page-title';
import type { AppPage } from '@/client/layouts/page-types';

/** Public start page: what the site is, and the way in. */
const IndexPage: AppPage = () => (
  <>
    <PageTitle />
    <LandingHero />
  </>
);

IndexPage.layout = 'public';

export default IndexPage;
