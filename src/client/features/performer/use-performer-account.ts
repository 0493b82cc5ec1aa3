import { useCallback } from 'react';
import useSWR from 'swr';
import type { PerformerAccount } from '@/common/contract/performers';
import type { CurrentUser } from '@/common/contract/users';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { setCurrentUser } from '@/client/features/user/user.slice';
import { me } from './performer.api';

export const PERFORMER_ACCOUNT_KEY = '/performers/me';

/** The parts of the current user (spec 3) a creator's profile answer carries. */
export function mergeCurrentUser(current: CurrentUser, account: PerformerAccount): CurrentUser {
  return { ...current, name: account.name, username: account.username, email: account.email, avatar: account.avatar, cover: account.cover };
}

/**
 * The signed-in creator's own profile (GET /performers/me) for the account editor. `apply` takes a
 * fresh answer of any performer endpoint: the editor's copy and the current user (header) follow it;
 * `setAccount` only refreshes the editor's copy.
 */
export function usePerformerAccount() {
  const dispatch = useAppDispatch();
  const current = useAppSelector((s) => s.user.current);
  const swr = useSWR(PERFORMER_ACCOUNT_KEY, async () => (await me()).data, { revalidateOnFocus: false, shouldRetryOnError: false });
  const { mutate } = swr;
  const setAccount = useCallback((account: PerformerAccount) => void mutate(account, { revalidate: false }), [mutate]);
  const apply = useCallback(
    (account: PerformerAccount) => {
      setAccount(account);
      dispatch(setCurrentUser(mergeCurrentUser(current, account)));
    },
    [setAccount, dispatch, current],
  );
  return { account: swr.data, error: swr.error as unknown, isLoading: swr.isLoading, reload: () => mutate(), setAccount, apply };
}
