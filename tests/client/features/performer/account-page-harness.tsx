import { act, fireEvent, screen } from '@testing-library/react';
import type { CurrentUser } from '@/common/contract/users';
import type { PerformerAccount } from '@/common/contract/performers';
import { makeStore } from '@/client/store/store';
import { loginSuccess } from '@/client/features/auth/auth.slice';
import { setCurrentUser } from '@/client/features/user/user.slice';
import { updateSettings } from '@/client/features/settings/settings.slice';
import { PerformerAccountPage } from '@/client/features/performer/components/performer-account-page';
import { makePerformer } from '../../fixtures';
import { renderWithStore } from './render-with-store';

/** The creator account page, signed in as the owner of `account`, with the site's price bounds. */
export function renderAccountPage(account: PerformerAccount, user: Partial<CurrentUser> = {}) {
  const store = makeStore();
  const me = makePerformer({ _id: account._id, name: 'Aurora', username: 'aurora', ...user });
  store.dispatch(loginSuccess(me));
  store.dispatch(setCurrentUser(me));
  store.dispatch(updateSettings({ minimumSubscriptionPrice: 2.95, maximumSubscriptionPrice: 300, freeSubscriptionEnabled: true, freeSubscriptionDuration: 7 }));
  return renderWithStore(<PerformerAccountPage />, store);
}

// getByRole is slow on a page this size (it computes styles); the button's text is enough here.
export const submit = async (text: string) => {
  await act(async () => {
    fireEvent.click(screen.getByText(text).closest('button')!);
  });
};
