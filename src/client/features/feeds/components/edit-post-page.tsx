import useSWR from 'swr';
import { Skeleton } from 'antd';
import { feedRoutes } from '@/common/contract/feeds';
import { NotFound } from '@/client/components/not-found';
import { ListError } from '@/client/components/list-error';
import type { EnvelopeOf } from '@/client/lib/call-route';
import { routeUrl } from '@/client/lib/call-route';
import { fetcher } from '@/client/lib/fetcher';
import { useAppSelector } from '@/client/store/hooks';
import { FeedComposer } from './feed-composer';

type Envelope = EnvelopeOf<typeof feedRoutes.mineOne>;

/** /creator/my-post/{id}/edit: the creator's own post (GET /performer/feeds/{id}) in the composer. */
export function EditPostPage({ id }: { id: string }) {
  const viewer = useAppSelector((s) => s.user.current._id);
  // Fetched once: revalidating would reset the form under the creator's hands.
  const { data, error, mutate } = useSWR<Envelope, unknown>(
    id ? [routeUrl(feedRoutes.mineOne.url, { id }), viewer] : null,
    ([url]: [string]) => fetcher<Envelope>(url),
    { revalidateOnFocus: false, revalidateIfStale: false, shouldRetryOnError: false },
  );
  const status = (error as { statusCode?: number } | null)?.statusCode;
  if (status === 404 || status === 400) return <NotFound title="Post not found" text="This post does not exist or is not yours." />;
  if (error) return <ListError error={error} onRetry={() => void mutate()} title="We could not load this post" />;
  if (!data) return <Skeleton active paragraph={{ rows: 8 }} aria-busy="true" />;
  return <FeedComposer key={data.data._id} feed={data.data} />;
}
