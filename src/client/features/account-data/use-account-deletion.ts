import { useCallback, useState } from 'react';
import Router from 'next/router';
import { accountDataRoutes, type DeleteAccountBody } from '@/common/contract/account-data';
import { useRouteData } from '@/client/hooks/use-route-data';
import { removeToken } from '@/client/lib/cookies';
import { getErrorMessage } from '@/client/lib/error-message';
import { socketService } from '@/client/lib/socket';
import { useAppDispatch } from '@/client/store/hooks';
import { logoutSuccess } from '@/client/features/auth/auth.slice';
import { deleteAccount } from './account-data.api';

export const GOODBYE_PATH = '/account-deleted';

interface FieldError { field: string; message: string }

/**
 * What deleting the account would forfeit (`GET /users/me/deletion-check`) and the deletion itself:
 * on success the token is dropped, the socket closed, the person sent to the goodbye page and the
 * store reset; a refusal keeps the dialog open with the server's message under its field.
 */
export function useAccountDeletion() {
  const dispatch = useAppDispatch();
  const check = useRouteData(accountDataRoutes.deletionCheck, {}, { revalidateOnFocus: false });
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<{ message: string; field: string | null } | null>(null);

  const remove = useCallback(async (body: DeleteAccountBody) => {
    setDeleting(true);
    setError(null);
    try {
      await deleteAccount(body);
      removeToken();
      socketService.disconnect();
      // Leave the account page first: resetting the store while it is mounted would make its data
      // hooks ask again without a token, and any 401 sends the browser to the sign-in page.
      await Router.replace(GOODBYE_PATH);
      dispatch(logoutSuccess());
      return true;
    } catch (err) {
      const details = (err as { details?: FieldError[] } | null)?.details;
      setError({ message: getErrorMessage(err), field: details?.[0]?.field ?? null });
      // The state may have changed (a payout, a sale): the warning must say what is true now.
      void check.mutate();
      return false;
    } finally {
      setDeleting(false);
    }
  }, [dispatch, check]);

  return {
    check: check.data?.data ?? null,
    checkError: check.error ? getErrorMessage(check.error) : null,
    reloadCheck: () => check.mutate(),
    deleting,
    error,
    clearError: () => setError(null),
    remove,
  };
}
