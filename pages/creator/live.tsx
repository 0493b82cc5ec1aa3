import { PageTitle } from '@/client/components/page-title';
import { CreatorLivePage } from '@/client/features/streaming/components/creator-live-page';
import type { AppPage } from '@/client/layouts/page-types';

/** /creator/live: the creator's live studio. */
const CreatorLiveRoute: AppPage = () => (
  <>
    <PageTitle title="Go live" />
    <CreatorLivePage />
  </>
);

CreatorLiveRoute.authenticate = true;
CreatorLiveRoute.onlyPerformer = true;
CreatorLiveRoute.layout = 'studio';

export default CreatorLiveRoute;
