import useSWR, { type SWRConfiguration, type SWRResponse } from 'swr';
import type { QueryOf, RouteDef } from '@/common/contract/common';
import type { EnvelopeOf } from '@/client/lib/call-route';
import { fetcher } from '@/client/lib/fetcher';
import { listSwrOptions } from '@/client/lib/swr-options';
import { useAppSelector } from '@/client/store/hooks';

type Key = readonly [url: string, query: Record<string, unknown>, viewer: string];

/**
 * SWR over a GET route of the contract, with the spec 9 list options. The viewer's id is part of
 * the key: answers depend on who asks (isFollowed, blocks), and a tab where someone else signs in
 * must not show the previous person's lists from the cache. `query: null` waits (no request).
 */
export function useRouteData<R extends RouteDef>(
  route: R,
  query: QueryOf<R> | Record<string, never> | null,
  options: SWRConfiguration = {},
): SWRResponse<EnvelopeOf<R>, unknown> {
  const viewer = useAppSelector((s) => s.user.current._id);
  const key: Key | null = query ? [route.url, query as Record<string, unknown>, viewer] : null;
  return useSWR<EnvelopeOf<R>, unknown, Key | null>(key, ([url, params]) => fetcher<EnvelopeOf<R>>([url, params]), {
    ...listSwrOptions(),
    ...options,
  });
}
