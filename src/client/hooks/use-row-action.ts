import { useState } from 'react';
import { getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';

/**
 * One action on a row of a list (ship, refund, approve): `busy` names the row's action while it
 * runs, success toasts what happened in the caller's words ("Order refunded", issue 14) and
 * reloads the list, failure toasts the server's message. `run` answers whether it succeeded.
 */
export function useRowAction(reload: () => Promise<unknown>) {
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (key: string, action: () => Promise<unknown>, success: string): Promise<boolean> => {
    setBusy(key);
    try {
      await action();
      toast.success(success);
      await reload();
      return true;
    } catch (err) {
      toast.error(getErrorMessage(err));
      // The row may have changed under us (another operator, another tab): show it as it is now.
      await reload();
      return false;
    } finally {
      setBusy(null);
    }
  };
  return { busy, setBusy, run };
}
