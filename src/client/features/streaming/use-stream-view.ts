import useSWR from 'swr';
import type { StreamView } from '@/common/contract/streaming';
import { performerRoutes, type PerformerPublic } from '@/common/contract/performers';
import { callRoute } from '@/client/lib/call-route';
import { useAppSelector } from '@/client/store/hooks';
import { joinKey, joinStream } from './streaming.api';

const statusOf = (err: unknown) => (err as { statusCode?: number } | null)?.statusCode;

/**
 * A creator's running stream as I see it (`GET /streaming/join/:id`). `notLive` is the 404;
 * nothing is asked while live streaming is switched off on the site.
 */
export function useStreamView(id: string | null | undefined) {
  const enabled = useAppSelector((s) => s.settings.agoraEnable);
  const key = enabled && id ? joinKey(id) : null;
  const res = useSWR<StreamView>(key, () => joinStream(id as string).then((r) => r.data), {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
  });
  const notLive = statusOf(res.error) === 404;
  return { ...res, enabled, notLive, error: notLive ? undefined : res.error };
}

/** The creator's public profile (name, subscription offer), for the not-live and subscribe panels. */
export function usePerformerProfile(id: string | null | undefined) {
  return useSWR<PerformerPublic>(id ? `/performers/${encodeURIComponent(id)}` : null, () =>
    callRoute(performerRoutes.view, { params: { id: id as string }, authRedirect: false }).then((r) => r.data),
  { shouldRetryOnError: false, revalidateOnFocus: false });
}
