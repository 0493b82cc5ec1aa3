import useSWR from 'swr';
import { walletChargeRoutes } from '@/common/contract/wallet-charges';
import type { EnvelopeOf } from '@/client/lib/call-route';
import { fetcher } from '@/client/lib/fetcher';
import { listSwrOptions } from '@/client/lib/swr-options';

type Envelope = EnvelopeOf<typeof walletChargeRoutes.search>;

export interface MyChargesQuery {
  offset: number;
  limit: number;
  type?: string;
}

/** What I spent from my wallet (view=spending: a creator sees their own purchases here too). */
export function useMyCharges(query: MyChargesQuery) {
  const params = { view: 'spending', sortBy: 'createdAt', sort: 'desc', ...query };
  return useSWR<Envelope>([walletChargeRoutes.search.url, params], fetcher, listSwrOptions());
}
