import { http, HttpResponse } from 'msw';
import { waitFor } from '@testing-library/react';
import { api, server, installMswServer } from '../../../support/msw';
import { makeUser } from '../../fixtures';
import { makeStore, type AppStore } from '@/client/store/store';
import {
  refreshUser,
  setCurrentUser,
  updatePassword,
  updatePerformer,
  updateUser,
  type UpdateUserBody,
} from '@/client/features/user/user.slice';
import { setRuntimeConfig } from '@/client/lib/runtime-config';
import { toast } from '@/client/lib/toast';
import type { ErrorBody } from '@/common/contract/common';
import type { CurrentUser } from '@/common/contract/users';

jest.mock('next/router', () => ({ __esModule: true, default: { push: jest.fn(async () => true), replace: jest.fn(async () => true) } }));
jest.mock('@/client/lib/toast', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));
jest.mock('@/client/lib/socket', () => ({ socketService: { connect: jest.fn(), disconnect: jest.fn(), on: jest.fn(), off: jest.fn() } }));
jest.mock('@/client/lib/redirect-to-login', () => ({ LOGIN_PATH: '/auth/login', redirectToLogin: jest.fn() }));

installMswServer();

let store: AppStore;
beforeEach(() => {
  store = makeStore();
  store.dispatch(setCurrentUser(makeUser()));
});
afterEach(() => {
  store.sagaTask.cancel();
  jest.clearAllMocks();
  setRuntimeConfig({ apiEndpoint: 'http://api.test', clientHashPassword: false });
});

const settled = () => waitFor(() => expect(store.getState().user.updating).toBe(false));

/** PUT /users: records the body and whether the store showed `updating` while the call was open. */
function putUsersAnswers(answer: { user: CurrentUser } | { status: number; body: ErrorBody | null }) {
  const seen: { body: UpdateUserBody; updating: boolean }[] = [];
  server.use(
    http.put<never, UpdateUserBody>(api('/users'), async ({ request }) => {
      seen.push({ body: await request.json(), updating: store.getState().user.updating });
      if ('user' in answer) return HttpResponse.json({ data: answer.user });
      return answer.body ? HttpResponse.json(answer.body, { status: answer.status }) : new HttpResponse(null, { status: answer.status });
    }),
  );
  return seen;
}

describe('profile update saga (spec 4)', () => {
  it('success: updating while saving, stores the returned user, updateSuccess, no error, Changes saved', async () => {
    const updated = makeUser({ name: 'New Name' });
    const seen = putUsersAnswers({ user: updated });
    store.dispatch(updateUser({ name: 'New Name' }));
    await settled();
    expect(seen).toEqual([{ body: { name: 'New Name' }, updating: true }]);
    const { user, auth } = store.getState();
    expect(user).toEqual(expect.objectContaining({ current: updated, updateSuccess: true, error: null, updating: false }));
    expect(auth.authUser).toBeNull();
    expect(toast.success).toHaveBeenCalledWith('Changes saved');
  });

  it('failure: stores the error, clears updateSuccess and shows the server message', async () => {
    const body: ErrorBody = { statusCode: 409, error: 'Conflict', message: 'Username is taken' };
    putUsersAnswers({ status: 409, body });
    store.dispatch(updateUser({ username: 'taken' }));
    await settled();
    expect(store.getState().user).toEqual(expect.objectContaining({ error: body, updateSuccess: false, updating: false }));
    expect(store.getState().user.current.name).toBe('Fan One');
    expect(toast.error).toHaveBeenCalledWith('Username is taken');
  });

  it("failure without a server message shows 'Error occurred, please try again later'", async () => {
    putUsersAnswers({ status: 500, body: null });
    store.dispatch(updateUser({ name: 'x' }));
    await settled();
    expect(toast.error).toHaveBeenCalledWith('Error occurred, please try again later');
  });

  it('hashes a new password when the runtime flag is on and leaves bodies without one alone', async () => {
    setRuntimeConfig({ apiEndpoint: 'http://api.test', clientHashPassword: true });
    const seen = putUsersAnswers({ user: makeUser() });
    store.dispatch(updateUser({ password: 'abc' }));
    await settled();
    store.dispatch(updateUser({ name: 'n' }));
    await waitFor(() => expect(seen).toHaveLength(2));
    expect(seen[0].body).toEqual({ password: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad' });
    expect(seen[1].body).toEqual({ name: 'n' });
  });

  it('performer profile update sends PUT /performers/me, then stores the refreshed user', async () => {
    const updated = makeUser({ name: 'Creator Name', isPerformer: true });
    const sent: unknown[] = [];
    server.use(
      http.put(api('/performers/me'), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ data: {} });
      }),
      http.get(api('/users/me'), () => HttpResponse.json({ data: updated })),
    );
    store.dispatch(updatePerformer({ name: 'Creator Name', monthlyPrice: 9.95 }));
    await settled();
    expect(sent).toEqual([{ name: 'Creator Name', monthlyPrice: 9.95 }]);
    expect(store.getState().user.current).toEqual(updated);
    expect(store.getState().user.updateSuccess).toBe(true);
    expect(toast.success).toHaveBeenCalledWith('Changes saved');
  });
});

describe('password update saga', () => {
  it('stores the result and says Changes saved', async () => {
    const received: unknown[] = [];
    server.use(
      http.put(api('/auth/users/me/password'), async ({ request }) => {
        received.push(await request.json());
        return HttpResponse.json({ data: { success: true } });
      }),
    );
    store.dispatch(updatePassword({ password: 'new-password', source: 'user' }));
    await settled();
    expect(received).toEqual([{ password: 'new-password', source: 'user' }]);
    expect(store.getState().user).toEqual(
      expect.objectContaining({ changePasswordData: { success: true }, updateSuccess: true, error: null }),
    );
    expect(toast.success).toHaveBeenCalledWith('Changes saved');
  });

  it('hashes the password when the flag is on', async () => {
    setRuntimeConfig({ apiEndpoint: 'http://api.test', clientHashPassword: true });
    const received: { password: string }[] = [];
    server.use(
      http.put<never, { password: string }>(api('/auth/users/me/password'), async ({ request }) => {
        received.push(await request.json());
        return HttpResponse.json({ data: { success: true } });
      }),
    );
    store.dispatch(updatePassword({ password: 'abc', source: 'performer' }));
    await settled();
    expect(received[0].password).toMatch(/^[0-9a-f]{64}$/);
  });

  it('failure stores the error and shows the server message', async () => {
    const body: ErrorBody = { statusCode: 400, error: 'Bad Request', message: 'Password is too short' };
    server.use(http.put(api('/auth/users/me/password'), () => HttpResponse.json(body, { status: 400 })));
    store.dispatch(updatePassword({ password: 'short', source: 'user' }));
    await settled();
    expect(store.getState().user).toEqual(expect.objectContaining({ error: body, updateSuccess: false, changePasswordData: null }));
    expect(toast.error).toHaveBeenCalledWith('Password is too short');
  });
});

describe('updates when the network fails (spec 8)', () => {
  const offline = "shows 'Error occurred, please try again later', not the generic network sentence";
  it(`profile: ${offline}`, async () => {
    server.use(http.put(api('/users'), () => HttpResponse.error()));
    store.dispatch(updateUser({ name: 'New Name' }));
    await settled();
    expect(toast.error).toHaveBeenCalledWith('Error occurred, please try again later');
    expect(store.getState().user.updateSuccess).toBe(false);
  });

  it(`performer: ${offline}`, async () => {
    server.use(http.put(api('/performers/me'), () => HttpResponse.error()));
    store.dispatch(updatePerformer({ name: 'Creator Name' }));
    await settled();
    expect(toast.error).toHaveBeenCalledWith('Error occurred, please try again later');
  });

  it(`password: ${offline}`, async () => {
    server.use(http.put(api('/auth/users/me/password'), () => HttpResponse.error()));
    store.dispatch(updatePassword({ password: 'new-password', source: 'user' }));
    await settled();
    expect(toast.error).toHaveBeenCalledWith('Error occurred, please try again later');
    expect(store.getState().user.changePasswordData).toBeNull();
  });
});

describe('refreshUser saga', () => {
  it('reloads the current user', async () => {
    server.use(http.get(api('/users/me'), () => HttpResponse.json({ data: makeUser({ balance: 99 }) })));
    store.dispatch(refreshUser());
    await waitFor(() => expect(store.getState().user.current.balance).toBe(99));
  });

  it('keeps the known user when the reload fails', async () => {
    server.use(http.get(api('/users/me'), () => HttpResponse.error()));
    store.dispatch(refreshUser());
    await new Promise((r) => setTimeout(r, 50));
    expect(store.getState().user.current.name).toBe('Fan One');
  });
});
