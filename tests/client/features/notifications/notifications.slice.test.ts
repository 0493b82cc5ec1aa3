import {
  LATEST_LIMIT,
  fetchLatest,
  fetchLatestFail,
  fetchLatestSuccess,
  fetchUnreadCount,
  initialNotificationsState,
  markAllRead,
  markAllReadSuccess,
  markRead,
  markReadFail,
  markReadSuccess,
  notificationReceived,
  notificationsReducer,
  unreadCountLoaded,
  unreadTotalReported,
  type NotificationsState,
} from '@/client/features/notifications/notifications.slice';
import { makeNotification } from './notification-fixtures';

const reduce = (state: NotificationsState, ...actions: Parameters<typeof notificationsReducer>[1][]) => actions.reduce(notificationsReducer, state);
const READ_AT = '2026-02-01T00:00:00.000Z';

describe('notifications slice', () => {
  it('starts empty: nothing unread, nothing asked, no list', () => {
    expect(notificationsReducer(undefined, { type: '@@init' })).toEqual(initialNotificationsState);
    expect(initialNotificationsState).toMatchObject({ unreadTotal: 0, unreadRequested: false, latest: [], latestStatus: 'idle' });
  });

  it('fetchUnreadCount notes that the figure was asked for; unreadCountLoaded sets it as it is', () => {
    const state = reduce(initialNotificationsState, fetchUnreadCount(), unreadCountLoaded(7));
    expect(state).toMatchObject({ unreadRequested: true, unreadTotal: 7 });
    expect(reduce(state, unreadCountLoaded(2)).unreadTotal).toBe(2);
  });

  it('notification_created adds one, counts the event and is kept as the last received', () => {
    const n = makeNotification();
    const state = reduce({ ...initialNotificationsState, unreadTotal: 3 }, notificationReceived(n));
    expect(state).toMatchObject({ unreadTotal: 4, receivedCount: 1, lastReceived: n });
    // No dropdown list yet: it is asked for when the bell opens.
    expect(state.latest).toEqual([]);
  });

  it('the same notification pushed twice counts once', () => {
    const n = makeNotification();
    const state = reduce(initialNotificationsState, notificationReceived(n), notificationReceived(n));
    expect(state).toMatchObject({ unreadTotal: 1, receivedCount: 1 });
  });

  it('a pushed notification goes first into a loaded list, which keeps at most ten', () => {
    const old = Array.from({ length: LATEST_LIMIT }, () => makeNotification()).reverse();
    const loaded = reduce(initialNotificationsState, fetchLatest(), fetchLatestSuccess(old));
    const fresh = makeNotification();
    const state = reduce(loaded, notificationReceived(fresh));
    expect(state.latest).toHaveLength(LATEST_LIMIT);
    expect(state.latest[0]).toEqual(fresh);
    expect(state.latest.map((n) => n._id)).not.toContain(old.at(-1)!._id);
  });

  it('fetchLatest loads (keeping what it shows), success stores the answer, failure the error', () => {
    const a = makeNotification();
    const loading = reduce(initialNotificationsState, fetchLatest());
    expect(loading).toMatchObject({ latestStatus: 'loading', latestError: null });
    const loaded = reduce(loading, fetchLatestSuccess([a]));
    expect(loaded).toMatchObject({ latestStatus: 'loaded', latest: [a] });
    const again = reduce(loaded, fetchLatest());
    expect(again).toMatchObject({ latestStatus: 'loading', latest: [a] });
    const failed = reduce(again, fetchLatestFail({ statusCode: 500, message: 'down' }));
    expect(failed).toMatchObject({ latestStatus: 'failed', latestError: { statusCode: 500, message: 'down' }, latest: [a] });
    expect(reduce(failed, fetchLatest())).toMatchObject({ latestStatus: 'loading', latestError: null });
  });

  it('a notification pushed while the list loads stays first when the answer is older than it', () => {
    const older = makeNotification();
    const pushed = makeNotification();
    const state = reduce(initialNotificationsState, fetchLatest(), notificationReceived(pushed), fetchLatestSuccess([older]));
    expect(state.latest.map((n) => n._id)).toEqual([pushed._id, older._id]);
  });

  it('a notification pushed while the list loads and also in the answer shows once', () => {
    const older = makeNotification();
    const pushed = makeNotification();
    const state = reduce(initialNotificationsState, fetchLatest(), notificationReceived(pushed), fetchLatestSuccess([pushed, older]));
    expect(state.latest.map((n) => n._id)).toEqual([pushed._id, older._id]);
  });

  it('markRead changes nothing until the server answered; success marks those read and bumps the revision', () => {
    const [a, b] = [makeNotification(), makeNotification()];
    const loaded = reduce(initialNotificationsState, fetchLatest(), fetchLatestSuccess([b, a]));
    expect(reduce(loaded, markRead([a._id]))).toEqual(loaded);
    expect(markRead([a._id]).payload).toEqual({ ids: [a._id] });
    const state = reduce(loaded, markReadSuccess({ ids: [a._id], readAt: READ_AT }));
    expect(state.latest.map((n) => n.readAt)).toEqual([null, READ_AT]);
    expect(state.readRevision).toBe(1);
  });

  it('markAllReadSuccess marks the whole list read; markAllRead itself changes nothing', () => {
    const older = makeNotification();
    const newerRead = makeNotification({ readAt: '2026-01-01T00:00:00.000Z' });
    const loaded = reduce(initialNotificationsState, fetchLatest(), fetchLatestSuccess([newerRead, older]));
    expect(reduce(loaded, markAllRead())).toEqual(loaded);
    const state = reduce(loaded, markAllReadSuccess({ readAt: READ_AT }));
    // The one read earlier keeps its time.
    expect(state.latest.map((n) => n.readAt)).toEqual(['2026-01-01T00:00:00.000Z', READ_AT]);
    expect(state.readRevision).toBe(1);
  });

  it('markReadFail keeps the error and bumps the revision, so lists on screen ask again', () => {
    const state = reduce(initialNotificationsState, markReadFail({ statusCode: 500, message: 'down' }));
    expect(state).toMatchObject({ markError: { statusCode: 500, message: 'down' }, readRevision: 1 });
    expect(reduce(state, markReadSuccess({ ids: [], readAt: READ_AT })).markError).toBeNull();
  });

  it('notification_unread sets the absolute total; 0 marks the whole list read (read on another device)', () => {
    const loaded = reduce({ ...initialNotificationsState, unreadTotal: 5 }, fetchLatest(), fetchLatestSuccess([makeNotification(), makeNotification()]));
    const some = reduce(loaded, unreadTotalReported(1));
    expect(some.unreadTotal).toBe(1);
    expect(some.latest.every((n) => n.readAt === null)).toBe(true);
    const none = reduce(some, unreadTotalReported(0));
    expect(none.unreadTotal).toBe(0);
    expect(none.latest.every((n) => n.readAt !== null)).toBe(true);
  });
});
