import useSWR from 'swr';
import { privateShowRoutes, type PrivateShowOffer } from '@/common/contract/private-shows';
import { callRoute } from '@/client/lib/call-route';
import { useAppSelector } from '@/client/store/hooks';

/** A creator's private show offer and my open request to them; revalidated by the socket saga. */
export function usePrivateShowOffer(performerId: string | null | undefined) {
  const viewer = useAppSelector((s) => s.user.current._id);
  const enabled = useAppSelector((s) => s.settings.agoraEnable);
  const key = enabled && performerId ? ([`/private-shows/offer/${performerId}`, viewer] as const) : null;
  return useSWR<PrivateShowOffer>(key, () => callRoute(privateShowRoutes.offer, { params: { id: performerId as string } }).then((r) => r.data), {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
  });
}
