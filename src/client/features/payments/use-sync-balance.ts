import { useCallback } from 'react';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { updateBalance } from '@/client/features/user/user.slice';
import { currentBalance } from './payments.api';

/**
 * After a payment, brings the store's balance to the server's. The `balance_updated` socket
 * event may arrive before or after; both set the difference to an absolute value, so whichever
 * comes second changes nothing and the tokens are never counted twice.
 */
export function useSyncBalance() {
  const dispatch = useAppDispatch();
  const held = useAppSelector((s) => s.user.current.balance);
  return useCallback(async (fallbackDelta: number) => {
    let change = fallbackDelta;
    try {
      change = Math.round(((await currentBalance()) - held) * 100) / 100;
    } catch {
      // The socket event will still correct the balance.
    }
    if (change !== 0) dispatch(updateBalance({ token: change }));
  }, [dispatch, held]);
}
