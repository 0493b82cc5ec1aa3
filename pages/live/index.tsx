import { PageTitle } from '@/client/components/page-title';
import { LiveListPage } from '@/client/features/streaming/components/live-list-page';
import type { AppPage } from '@/client/layouts/page-types';

/** /live: creators streaming now. */
const LiveRoute: AppPage = () => (
  <>
    <PageTitle title="Live now" />
    <LiveListPage />
  </>
);

export default LiveRoute;
