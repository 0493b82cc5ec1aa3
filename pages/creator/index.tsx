import { PageTitle } from '@/client/components/page-title';
import { ExplorePage } from '@/client/features/discovery/components/explore-page';
import type { AppPage } from '@/client/layouts/page-types';

/** /creator: explore creators; open to everyone, signed in or not. */
const CreatorsPage: AppPage = () => (
  <>
    <PageTitle title="Explore creators" description="Search and filter creators by name, country and more." />
    <ExplorePage />
  </>
);

export default CreatorsPage;
