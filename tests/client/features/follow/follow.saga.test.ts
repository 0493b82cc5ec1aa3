import { http, HttpResponse } from 'msw';
import { loadFollowedIds } from '@/client/features/follow/follow.saga';
import { follow, followReducer, setFollowedIds } from '@/client/features/follow/follow.slice';
import { loginSuccess } from '@/client/features/auth/auth.slice';
import { rootReducer } from '@/client/store/root.reducer';
import { runSaga } from 'redux-saga';
import type { UnknownAction } from '@reduxjs/toolkit';
import { api, installMswServer, server } from '../../../support/msw';
import { makeUser } from '../../fixtures';

installMswServer();

async function run(signedIn: boolean) {
  let state = rootReducer(undefined, { type: '@@init' });
  if (signedIn) state = rootReducer(state, loginSuccess(makeUser()));
  const dispatched: UnknownAction[] = [];
  await runSaga({ dispatch: (a: UnknownAction) => dispatched.push(a), getState: () => state }, loadFollowedIds).toPromise();
  return dispatched;
}

describe('follow saga', () => {
  it('loads followedIds for a signed-in user', async () => {
    server.use(http.get(api('/follows/following/ids'), () => HttpResponse.json({ data: ['a', 'b'] })));
    expect(await run(true)).toEqual([setFollowedIds(['a', 'b'])]);
  });

  it('asks nothing for a signed-out visitor and ignores failures', async () => {
    expect(await run(false)).toEqual([]);
    server.use(http.get(api('/follows/following/ids'), () => HttpResponse.json({}, { status: 500 })));
    expect(await run(true)).toEqual([]);
  });

  it('setFollowedIds replaces the list with unique ids', () => {
    const state = followReducer(followReducer(undefined, follow('x')), setFollowedIds(['a', 'a', 'b']));
    expect(state.followedIds).toEqual(['a', 'b']);
  });
});
