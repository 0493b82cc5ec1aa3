import { PageTitle } from '@/client/components/page-title';
import { BlockCountriesPage } from '@/client/features/blocking/components/block-countries-page';
import type { AppPage } from '@/client/layouts/page-types';

const CreatorBlockCountriesPage: AppPage = () => (
  <>
    <PageTitle title="Blocked countries" />
    <BlockCountriesPage />
  </>
);

CreatorBlockCountriesPage.authenticate = true;
CreatorBlockCountriesPage.onlyPerformer = true;
CreatorBlockCountriesPage.layout = 'studio';

export default CreatorBlockCountriesPage;
