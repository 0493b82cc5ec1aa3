import { useRouter } from 'next/router';
import { PageTitle } from '@/client/components/page-title';
import { WatchStreamPage } from '@/client/features/streaming/components/watch-stream-page';
import type { AppPage } from '@/client/layouts/page-types';

/** /streaming/{username or id}: watch a creator's live stream. */
const StreamingRoute: AppPage = () => {
  const { query } = useRouter();
  const id = Array.isArray(query.id) ? query.id[0] : query.id;
  return (
    <>
      <PageTitle title="Live" />
      {id ? <WatchStreamPage key={id} id={id} /> : null}
    </>
  );
};

export default StreamingRoute;
