import { PageTitle } from '@/client/components/page-title';
import { SearchPage } from '@/client/features/search/components/search-page';
import type { AppPage } from '@/client/layouts/page-types';

/** /search?q=&type=&current=: site-wide search, open to everyone, signed in or not. */
const Search: AppPage = () => (
  <>
    <PageTitle title="Search" description="Search creators, posts and hashtags." />
    <SearchPage />
  </>
);

export default Search;
