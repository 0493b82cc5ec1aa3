import useSWRImmutable from 'swr/immutable';
import { postRoutes, type PostSummary } from '@/common/contract/posts';
import type { EnvelopeOf } from '@/client/lib/call-route';
import { fetcher } from '@/client/lib/fetcher';
import { FOOTER_PAGES_QUERY } from './static-pages.api';

const NONE: PostSummary[] = [];

/**
 * The published pages for the footer, fetched once per browser session (immutable SWR: no
 * refetch on focus, reconnect or remount) and never retried: the footer is an extra, so a failed
 * call just leaves the links out.
 */
export function useFooterPages(): PostSummary[] {
  const { data } = useSWRImmutable<EnvelopeOf<typeof postRoutes.search>>(
    [postRoutes.search.url, FOOTER_PAGES_QUERY],
    ([url, params]: [string, Record<string, unknown>]) => fetcher<EnvelopeOf<typeof postRoutes.search>>([url, params]),
    { shouldRetryOnError: false },
  );
  return data?.data.data ?? NONE;
}
