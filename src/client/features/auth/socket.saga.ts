import { HYDRATE } from 'next-redux-wrapper';
import { call, select, takeEvery } from 'redux-saga/effects';
import { getToken } from '@/client/lib/cookies';
import { socketService } from '@/client/lib/socket';
import type { AuthState } from './auth.slice';
import { loginSuccess, logoutSuccess } from './auth.slice';

/**
 * Spec 4: the socket exists only while a user is signed in. It opens after a login and when a
 * server-rendered page hydrates a signed-in user, and closes on logout. Only in the browser:
 * server-side stores dispatch the same actions while rendering.
 */
const inBrowser = () => typeof window !== 'undefined';

export function* connectIfSignedIn() {
  if (!inBrowser()) return;
  const auth: AuthState = yield select((state: { auth: AuthState }) => state.auth);
  const token: string | undefined = yield call(getToken);
  if (auth.loggedIn && token) yield call([socketService, socketService.connect], token);
}

export function* disconnectSocket() {
  if (!inBrowser()) return;
  yield call([socketService, socketService.disconnect]);
}

export function* socketSaga() {
  // connect() is a no-op for the token it already uses, so repeated HYDRATEs are harmless.
  yield takeEvery([loginSuccess.type, HYDRATE], connectIfSignedIn);
  yield takeEvery(logoutSuccess.type, disconnectSocket);
}
