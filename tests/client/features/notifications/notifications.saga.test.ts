import { http, HttpResponse, delay } from 'msw';
import { waitFor } from '@testing-library/react';
import { HYDRATE } from 'next-redux-wrapper';
import type { MarkReadBody, UnreadCount } from '@/common/contract/notifications';
import type { ErrorBody } from '@/common/contract/common';
import { makeStore, type AppStore } from '@/client/store/store';
import { rootReducer } from '@/client/store/root.reducer';
import { loginSuccess, logoutSuccess } from '@/client/features/auth/auth.slice';
import { fetchLatest, markAllRead, markRead, unreadCountLoaded } from '@/client/features/notifications/notifications.slice';
import { NOTIFICATION_CREATED, NOTIFICATION_UNREAD } from '@/client/features/notifications/notifications.saga';
import { toast } from '@/client/lib/toast';
import { api, installMswServer, server, serveSignedInBasics } from '../../../support/msw';
import { makeUser } from '../../fixtures';
import { listBody, makeNotification } from './notification-fixtures';

const handlers = new Map<string, (payload: unknown) => void>();
// Every saga that follows the socket's status subscribes (messaging and notifications both do).
const mockStatus = {
  listeners: new Set<(status: string) => void>(),
  listener: (status: string) => mockStatus.listeners.forEach((listener) => listener(status)),
};
jest.mock('@/client/lib/socket', () => ({
  socketService: {
    subscribe: jest.fn((listener: (status: string) => void) => {
      mockStatus.listeners.add(listener);
      return () => mockStatus.listeners.delete(listener);
    }),
    connect: jest.fn(),
    disconnect: jest.fn(),
    emit: jest.fn(),
    on: jest.fn((event: string, handler: (payload: unknown) => void) => handlers.set(event, handler)),
    off: jest.fn((event: string) => handlers.delete(event)),
  },
}));
jest.mock('@/client/lib/toast', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

installMswServer();

const count = (total: number) => HttpResponse.json({ data: { total } satisfies UnreadCount });
const emit = (event: string, payload: unknown) => handlers.get(event)!(payload);
const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

/** Records the notification calls the handlers see, as "METHOD path". */
function recordCalls() {
  const calls: string[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname.startsWith('/notifications')) calls.push(`${request.method} ${url.pathname}${url.search}`);
  });
  return calls;
}

let store: AppStore;
beforeEach(() => {
  serveSignedInBasics();
  // The sagas of earlier tests' stores are spawned, so they outlive their cancelled root: only this store's listen.
  mockStatus.listeners.clear();
  store = makeStore();
});
afterEach(() => {
  store.sagaTask.cancel();
  server.events.removeAllListeners();
  jest.clearAllMocks();
});

const unread = () => store.getState().notifications.unreadTotal;

/** Signed in, with the first figure (answered `first`) applied. */
async function signIn(first = 0) {
  server.use(http.get(api('/notifications/unread-count'), () => count(first)));
  store.dispatch(loginSuccess(makeUser()));
  await waitFor(() => expect(unread()).toBe(first));
  await settle();
}

describe('the unread figure', () => {
  it('is asked for after a login', async () => {
    const calls = recordCalls();
    await signIn(4);
    expect(calls).toEqual(['GET /notifications/unread-count']);
    expect(store.getState().notifications.unreadRequested).toBe(true);
  });

  it('is asked for once when a signed-in page hydrates in the browser, not again on the next page, never signed out', async () => {
    const calls = recordCalls();
    server.use(http.get(api('/notifications/unread-count'), () => count(2)));
    const hydrate = (loggedIn: boolean) => ({ type: HYDRATE, payload: { auth: { loggedIn, authUser: loggedIn ? makeUser() : null, loginAuth: store.getState().auth.loginAuth } } });
    store.dispatch(hydrate(false));
    await settle();
    expect(calls).toEqual([]);
    store.dispatch(hydrate(true));
    await waitFor(() => expect(unread()).toBe(2));
    store.dispatch(hydrate(true));
    await settle();
    expect(calls).toEqual(['GET /notifications/unread-count']);
  });

  it('is not asked for an operator (no notification is for their role)', async () => {
    const calls = recordCalls();
    store.dispatch(loginSuccess(makeUser({ role: 'admin' })));
    await settle();
    expect(calls).toEqual([]);
  });

  it('counts a notification pushed after the answer on top of it', async () => {
    await signIn(3);
    emit(NOTIFICATION_CREATED, { notification: makeNotification() });
    await settle();
    expect(unread()).toBe(4);
  });

  it('asks again when a notification is pushed while the answer is on its way (the answer may or may not count it)', async () => {
    const calls = recordCalls();
    let asked = 0;
    // The server counted 5 before the new one existed; asked again, it counts 6.
    server.use(http.get(api('/notifications/unread-count'), async () => {
      asked += 1;
      if (asked === 1) {
        await delay(80);
        return count(5);
      }
      return count(6);
    }));
    store.dispatch(loginSuccess(makeUser()));
    await delay(20);
    emit(NOTIFICATION_CREATED, { notification: makeNotification() });
    // Shown at once, before any answer.
    expect(unread()).toBe(1);
    await waitFor(() => expect(unread()).toBe(6));
    await settle();
    expect(unread()).toBe(6);
    expect(calls).toEqual(['GET /notifications/unread-count', 'GET /notifications/unread-count']);
  });

  it('notification_unread sets the absolute total', async () => {
    await signIn(8);
    emit(NOTIFICATION_UNREAD, { total: 2 });
    await settle();
    expect(unread()).toBe(2);
  });

  it('is asked for again after a dropped connection comes back (with the open list), not on the first connect', async () => {
    await signIn(1);
    server.use(
      http.get(api('/notifications/unread-count'), () => count(9)),
      http.get(api('/notifications'), () => HttpResponse.json(listBody([makeNotification()]))),
    );
    store.dispatch(fetchLatest());
    await waitFor(() => expect(store.getState().notifications.latestStatus).toBe('loaded'));
    const calls = recordCalls();
    mockStatus.listener('connected');
    await settle();
    expect(calls).toEqual([]);
    mockStatus.listener('disconnect');
    mockStatus.listener('reconnecting');
    mockStatus.listener('connected');
    await waitFor(() => expect(unread()).toBe(9));
    await settle();
    expect(calls.sort()).toEqual(['GET /notifications/unread-count', 'GET /notifications?offset=0&limit=10']);
  });

  it('is reset with everything else on logout', async () => {
    await signIn(3);
    store.dispatch(logoutSuccess());
    expect(store.getState().notifications).toEqual(rootReducer(undefined, { type: '@@init' }).notifications);
  });
});

describe('the latest list', () => {
  it('is fetched ten at a time; a failure is kept as state', async () => {
    await signIn();
    const calls = recordCalls();
    const items = [makeNotification(), makeNotification()].reverse();
    server.use(http.get(api('/notifications'), () => HttpResponse.json(listBody(items))));
    store.dispatch(fetchLatest());
    await waitFor(() => expect(store.getState().notifications.latest).toEqual(items));
    expect(calls).toEqual(['GET /notifications?offset=0&limit=10']);
    server.use(http.get(api('/notifications'), () => HttpResponse.json({ statusCode: 500, error: 'Internal Server Error', message: 'Database is down' } satisfies ErrorBody, { status: 500 })));
    store.dispatch(fetchLatest());
    await waitFor(() => expect(store.getState().notifications.latestStatus).toBe('failed'));
    expect(store.getState().notifications.latestError).toMatchObject({ message: 'Database is down' });
  });

  it('takes a pushed notification first while loaded', async () => {
    await signIn();
    const old = makeNotification();
    server.use(http.get(api('/notifications'), () => HttpResponse.json(listBody([old]))));
    store.dispatch(fetchLatest());
    await waitFor(() => expect(store.getState().notifications.latestStatus).toBe('loaded'));
    const fresh = makeNotification();
    emit(NOTIFICATION_CREATED, { notification: fresh });
    await settle();
    expect(store.getState().notifications.latest.map((n) => n._id)).toEqual([fresh._id, old._id]);
  });
});

describe('marking read', () => {
  async function withList() {
    await signIn(5);
    const items = [makeNotification(), makeNotification()].reverse();
    server.use(http.get(api('/notifications'), () => HttpResponse.json(listBody(items))));
    store.dispatch(fetchLatest());
    await waitFor(() => expect(store.getState().notifications.latestStatus).toBe('loaded'));
    return items;
  }

  it("sends the ids and applies the server's total, not a figure of its own", async () => {
    const [first] = await withList();
    const bodies: MarkReadBody[] = [];
    server.use(http.post(api('/notifications/read'), async ({ request }) => {
      bodies.push((await request.json()) as MarkReadBody);
      return count(2);
    }));
    store.dispatch(markRead([first._id]));
    await waitFor(() => expect(unread()).toBe(2));
    expect(bodies).toEqual([{ ids: [first._id] }]);
    const latest = store.getState().notifications.latest;
    expect(latest[0].readAt).not.toBeNull();
    expect(latest[1].readAt).toBeNull();
  });

  it('asks for the figure again when a notification is pushed while the mark is on its way', async () => {
    const [first] = await withList();
    server.use(
      http.post(api('/notifications/read'), async () => {
        await delay(80);
        return count(4);
      }),
      http.get(api('/notifications/unread-count'), () => count(5)),
    );
    const calls = recordCalls();
    store.dispatch(markRead([first._id]));
    await delay(20);
    emit(NOTIFICATION_CREATED, { notification: makeNotification() });
    await waitFor(() => expect(calls).toContain('GET /notifications/unread-count'));
    await waitFor(() => expect(unread()).toBe(5));
  });

  it("marks all read with the server's total and the whole list read", async () => {
    await withList();
    server.use(http.post(api('/notifications/read-all'), () => count(0)));
    store.dispatch(markAllRead());
    await waitFor(() => expect(unread()).toBe(0));
    expect(store.getState().notifications.latest.every((n) => n.readAt)).toBe(true);
    expect(store.getState().notifications.readRevision).toBe(1);
  });

  it("a failure changes no figure, says the server's message and lets lists ask again", async () => {
    const [first] = await withList();
    server.use(http.post(api('/notifications/read'), () => HttpResponse.json({ statusCode: 400, error: 'Bad Request', message: 'ids must be uuids' } satisfies ErrorBody, { status: 400 })));
    store.dispatch(markRead([first._id]));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('ids must be uuids'));
    expect(unread()).toBe(5);
    expect(store.getState().notifications).toMatchObject({ readRevision: 1, markError: { message: 'ids must be uuids' } });
    expect(store.getState().notifications.latest[0].readAt).toBeNull();
  });

  it("a network failure says the spec's update error", async () => {
    await withList();
    server.use(http.post(api('/notifications/read-all'), () => HttpResponse.error()));
    store.dispatch(markAllRead());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Error occurred, please try again later'));
    store.dispatch(unreadCountLoaded(5));
    expect(unread()).toBe(5);
  });
});
