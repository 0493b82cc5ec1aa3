import { PageTitle } from '@/client/components/page-title';
import { PrivateShowsPage } from '@/client/features/private-shows/components/private-shows-page';
import type { AppPage } from '@/client/layouts/page-types';

/** /creator/private-shows: the creator's private show price and the requests to decide. */
const PrivateShowsRoute: AppPage = () => (
  <>
    <PageTitle title="Private shows" />
    <PrivateShowsPage />
  </>
);

PrivateShowsRoute.authenticate = true;
PrivateShowsRoute.onlyPerformer = true;
PrivateShowsRoute.layout = 'studio';

export default PrivateShowsRoute;
