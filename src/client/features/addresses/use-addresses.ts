import { addressRoutes, ADDRESSES_MAX } from '@/common/contract/addresses';
import { useRouteData } from '@/client/hooks/use-route-data';

/** All of the caller's addresses (at most ADDRESSES_MAX, so one page holds them); `null` waits. */
export function useAddresses(enabled = true) {
  return useRouteData(addressRoutes.search, enabled ? { offset: 0, limit: ADDRESSES_MAX } : null);
}
