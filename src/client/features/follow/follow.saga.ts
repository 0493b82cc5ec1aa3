import { HYDRATE } from 'next-redux-wrapper';
import { call, put, select, takeLatest, type SagaReturnType } from 'redux-saga/effects';
import type { RootState } from '@/client/store/root.reducer';
import { loginSuccess } from '../auth/auth.slice';
import { followingIds } from './follow.api';
import { setFollowedIds } from './follow.slice';

const inBrowser = () => typeof window !== 'undefined';

/**
 * Fills followedIds (spec 3) from GET /follows/following/ids once a user is signed in: after a
 * login, and when a page hydrates a signed-in user in the browser. Follow buttons read it, so
 * every card and profile agrees. Only in the browser: server stores dispatch the same actions.
 */
export function* loadFollowedIds() {
  if (!inBrowser()) return;
  const loggedIn: boolean = yield select((s: RootState) => s.auth.loggedIn);
  if (!loggedIn) return;
  try {
    const res: SagaReturnType<typeof followingIds> = yield call(followingIds);
    yield put(setFollowedIds(res.data));
  } catch {
    // Buttons fall back to each creator's isFollowed; nothing to tell the user.
  }
}

// One load per signed-in browser session; HYDRATE fires on every server-rendered navigation.
let loadedFor: string | null = null;

export function* loadOncePerSession() {
  if (!inBrowser()) return;
  const userId: string | undefined = yield select((s: RootState) => (s.auth.loggedIn ? s.auth.authUser?._id : undefined));
  if (!userId || userId === loadedFor) return;
  loadedFor = userId;
  yield call(loadFollowedIds);
}

export function* followSaga() {
  yield takeLatest(loginSuccess.type, function* afterLogin() {
    loadedFor = null;
    yield call(loadOncePerSession);
  });
  yield takeLatest(HYDRATE, loadOncePerSession);
}
