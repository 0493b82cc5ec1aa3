import useSWR from 'swr';
import { payoutRoutes } from '@/common/contract/payouts';
import { callRoute } from '@/client/lib/call-route';
import { listSwrOptions } from '@/client/lib/swr-options';
import { useAppSelector } from '@/client/store/hooks';

/** POST /payout-requests/calculate as a read: what the creator can ask for now. */
export function usePayoutCalculation() {
  const viewer = useAppSelector((s) => s.user.current._id);
  return useSWR(viewer ? ['payout-calculation', viewer] : null, async () => (await callRoute(payoutRoutes.calculate)).data, listSwrOptions());
}
