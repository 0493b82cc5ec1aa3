import Router from 'next/router';
import { HYDRATE } from 'next-redux-wrapper';
import { http, HttpResponse } from 'msw';
import { waitFor } from '@testing-library/react';
import { api, server, installMswServer } from '../../support/msw';
import { makeUser } from '../fixtures';
import { makeStore, wrapper, type AppStore, type RootState } from '@/client/store/store';
import { rootReducer } from '@/client/store/root.reducer';
import { loginSuccess, logout, logoutSuccess } from '@/client/features/auth/auth.slice';
import { setCurrentUser } from '@/client/features/user/user.slice';
import { updateSettings } from '@/client/features/settings/settings.slice';
import { updateUIValue } from '@/client/features/ui/ui.slice';
import { follow } from '@/client/features/follow/follow.slice';
import { setVolume } from '@/client/features/player/player.slice';
import { getToken, removeToken, setToken } from '@/client/lib/cookies';
import { socketService } from '@/client/lib/socket';

jest.mock('next/router', () => ({ __esModule: true, default: { push: jest.fn(async () => true), replace: jest.fn(async () => true) } }));
jest.mock('@/client/lib/toast', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));
jest.mock('@/client/lib/socket', () => ({ socketService: { connect: jest.fn(), disconnect: jest.fn(), on: jest.fn(), off: jest.fn() } }));

installMswServer();

let store: AppStore;
beforeEach(() => {
  store = makeStore();
});
afterEach(() => {
  store.sagaTask.cancel();
  jest.clearAllMocks();
  removeToken();
});

const initial = (): RootState => rootReducer(undefined, { type: '@@init' });

function fillEverything(s: AppStore) {
  s.dispatch(loginSuccess(makeUser()));
  s.dispatch(setCurrentUser(makeUser()));
  s.dispatch(updateSettings({ siteName: 'Fans' }));
  s.dispatch(updateUIValue({ siteName: 'Fans' }));
  s.dispatch(follow('p1'));
  s.dispatch(setVolume(0.3));
}

describe('store', () => {
  it('has the eleven slices', () => {
    expect(Object.keys(store.getState()).sort()).toEqual(['auth', 'conversation', 'follow', 'message', 'notifications', 'player', 'privateRequest', 'settings', 'streamMessage', 'ui', 'user']);
    expect(typeof wrapper.getInitialAppProps).toBe('function');
  });

  it('logoutSuccess resets the entire state (spec 4)', () => {
    fillEverything(store);
    store.dispatch(logoutSuccess());
    expect(store.getState()).toEqual(initial());
  });
});

describe('HYDRATE', () => {
  function serverState(patch: Partial<RootState>): RootState {
    return { ...initial(), ...patch };
  }

  it('takes auth, user, settings and ui from the server and nothing else', () => {
    store.dispatch(follow('kept'));
    store.dispatch(setVolume(0.2));
    const user = makeUser();
    const server = rootReducer(serverState({}), loginSuccess(user));
    const fromServer = {
      ...rootReducer(rootReducer(rootReducer(server, setCurrentUser(user)), updateSettings({ siteName: 'Fans' })), updateUIValue({ siteName: 'Fans' })),
      follow: { followedIds: ['server'] },
      player: { volume: 1 },
    };
    store.dispatch({ type: HYDRATE, payload: fromServer });
    const state = store.getState();
    expect(state.auth.loggedIn).toBe(true);
    expect(state.user.current).toEqual(user);
    expect(state.settings.siteName).toBe('Fans');
    expect(state.ui.siteName).toBe('Fans');
    expect(state.follow.followedIds).toEqual(['kept']);
    expect(state.player.volume).toBe(0.2);
  });

  it('never signs a signed-in browser out (a server store without the session knows less)', () => {
    store.dispatch(loginSuccess(makeUser()));
    store.dispatch(setCurrentUser(makeUser()));
    store.dispatch({ type: HYDRATE, payload: serverState({ settings: { ...initial().settings, siteName: 'S' } }) });
    expect(store.getState().auth.loggedIn).toBe(true);
    expect(store.getState().user.current.name).toBe('Fan One');
    expect(store.getState().settings.siteName).toBe('S');
  });
});

describe('socket lifecycle', () => {
  it('connects with the token cookie after a login and when a signed-in state hydrates; closes on logout', async () => {
    setToken('tok', false);
    store.dispatch(loginSuccess(makeUser()));
    expect(socketService.connect).toHaveBeenCalledWith('tok');

    const fresh = makeStore();
    fresh.dispatch({ type: HYDRATE, payload: store.getState() });
    expect(socketService.connect).toHaveBeenCalledTimes(2);

    fresh.dispatch(logoutSuccess());
    expect(socketService.disconnect).toHaveBeenCalled();
    fresh.sagaTask.cancel();
  });

  it('does not connect when the hydrated state is signed out', () => {
    setToken('tok', false);
    store.dispatch({ type: HYDRATE, payload: initial() });
    expect(socketService.connect).not.toHaveBeenCalled();
  });
});

describe('logout through the store', () => {
  it('resets the whole state and replaces the route with /auth/login', async () => {
    setToken('tok', true);
    server.use(
      http.post(api('/auth/logout'), () => HttpResponse.json({ data: { success: true } })),
      http.get(api('/settings/public'), () => HttpResponse.error()),
    );
    fillEverything(store);
    store.dispatch(logout());
    await waitFor(() => expect(Router.replace).toHaveBeenCalledWith('/auth/login'));
    expect(store.getState()).toEqual(initial());
    expect(getToken()).toBeUndefined();
    expect(socketService.disconnect).toHaveBeenCalled();
  });
});
