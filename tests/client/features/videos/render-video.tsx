import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { SWRConfig } from 'swr';
import type { CurrentUser } from '@/common/contract/users';
import { makeStore, type AppStore } from '@/client/store/store';
import { loginSuccess } from '@/client/features/auth/auth.slice';
import { setCurrentUser } from '@/client/features/user/user.slice';
import '../discovery/dom-stubs';

/** Renders with a store (signed in as `user` when given; a prepared one may be passed) and a fresh SWR cache. */
export function renderWithStore(ui: ReactElement, user?: CurrentUser, store: AppStore = makeStore()): AppStore {
  if (user) {
    store.dispatch(setCurrentUser(user));
    store.dispatch(loginSuccess(user));
  }
  render(
    <Provider store={store}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{ui}</SWRConfig>
    </Provider>,
  );
  return store;
}
