import { useCallback } from 'react';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { updateBalance } from '@/client/features/user/user.slice';

/**
 * Sets the wallet shown in the header to the balance a charge answered with, through the spec 4
 * action that adds the difference (as balance.saga.ts does for the socket event; whichever comes
 * second finds nothing left to add).
 */
export function useApplyBalance(): (balance: number) => void {
  const dispatch = useAppDispatch();
  const current = useAppSelector((s) => s.user.current.balance);
  return useCallback(
    (balance: number) => {
      const change = Math.round((balance - current) * 100) / 100;
      if (change !== 0) dispatch(updateBalance({ token: change }));
    },
    [dispatch, current],
  );
}
