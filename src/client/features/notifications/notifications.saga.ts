import { HYDRATE } from 'next-redux-wrapper';
import type { EventChannel } from 'redux-saga';
import { call, fork, put, select, takeEvery, takeLatest, takeLeading, type SagaReturnType } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { NotificationCreatedPayload, NotificationUnreadPayload, ServerToClientEvents } from '@/common/contract/realtime';
import { GENERIC_UPDATE_ERROR, getErrorMessage } from '@/client/lib/error-message';
import { serializeError } from '@/client/lib/serialize-error';
import { socketService } from '@/client/lib/socket';
import { handleSocketEvents, socketEventChannel } from '@/client/lib/socket-events';
import { toast } from '@/client/lib/toast';
import { loginSuccess, type AuthState } from '@/client/features/auth/auth.slice';
import * as api from './notifications.api';
import {
  LATEST_LIMIT,
  fetchLatest,
  fetchLatestFail,
  fetchLatestSuccess,
  fetchUnreadCount,
  markAllRead,
  markAllReadSuccess,
  markRead,
  markReadFail,
  markReadSuccess,
  notificationReceived,
  unreadCountLoaded,
  unreadTotalReported,
  type NotificationsState,
} from './notifications.slice';

export const NOTIFICATION_CREATED = 'notification_created' satisfies keyof ServerToClientEvents;
export const NOTIFICATION_UNREAD = 'notification_unread' satisfies keyof ServerToClientEvents;
/** The socket came back after a drop: what was pushed meanwhile was missed. */
export const RECONNECTED = 'reconnected';

export type NotificationSocketEvent =
  | { type: typeof RECONNECTED }
  | { type: typeof NOTIFICATION_CREATED; payload: NotificationCreatedPayload }
  | { type: typeof NOTIFICATION_UNREAD; payload: NotificationUnreadPayload };

type State = { notifications: NotificationsState; auth: AuthState };

const inBrowser = () => typeof window !== 'undefined';
const received = (s: State) => s.notifications.receivedCount;
/** Operators get no notifications (no kind is for their role) and have no bell. */
const signedInMember = (s: State) => s.auth.loggedIn && s.auth.authUser?.role !== 'admin';

/** Asking again when notifications keep arriving during the answers: bounded, then the last answer stands. */
const MAX_COUNT_ATTEMPTS = 3;

/**
 * The unread total from the server. A `notification_created` landing while the answer is on its
 * way may or may not be in it (it depends on which the server did first): such an answer is not
 * applied, the total is asked again, so the figure neither misses nor double-counts that one.
 */
export function* loadUnreadCount() {
  for (let attempt = 1; attempt <= MAX_COUNT_ATTEMPTS; attempt += 1) {
    const before: number = yield select(received);
    let res: SagaReturnType<typeof api.unreadCount>;
    try {
      res = yield call(api.unreadCount);
    } catch {
      // The figure keeps counting the pushed ones; the next reconnect or read asks again.
      return;
    }
    const after: number = yield select(received);
    if (after === before || attempt === MAX_COUNT_ATTEMPTS) {
      yield put(unreadCountLoaded(res.data.total));
      return;
    }
  }
}

/** An absolute total answered by a mark-read: applied, unless a new notification crossed it (then asked again). */
function* applyAnsweredTotal(total: number, receivedBefore: number) {
  const after: number = yield select(received);
  if (after === receivedBefore) yield put(unreadCountLoaded(total));
  else yield call(loadUnreadCount);
}

function* loadLatest() {
  try {
    const res: SagaReturnType<typeof api.listNotifications> = yield call(api.listNotifications, { offset: 0, limit: LATEST_LIMIT });
    yield put(fetchLatestSuccess(res.data.data));
  } catch (err) {
    yield put(fetchLatestFail(serializeError(err)));
  }
}

function* failMark(err: unknown) {
  yield put(markReadFail(serializeError(err)));
  yield call(toast.error, getErrorMessage(err, GENERIC_UPDATE_ERROR));
}

export function* markReadFlow(action: PayloadAction<{ ids: string[] }>) {
  const { ids } = action.payload;
  const before: number = yield select(received);
  try {
    const res: SagaReturnType<typeof api.markRead> = yield call(api.markRead, ids);
    yield put(markReadSuccess({ ids, readAt: new Date().toISOString() }));
    yield call(applyAnsweredTotal, res.data.total, before);
  } catch (err) {
    yield call(failMark, err);
  }
}

export function* markAllReadFlow() {
  const before: number = yield select(received);
  try {
    const res: SagaReturnType<typeof api.markAllRead> = yield call(api.markAllRead);
    yield put(markAllReadSuccess({ readAt: new Date().toISOString() }));
    yield call(applyAnsweredTotal, res.data.total, before);
  } catch (err) {
    yield call(failMark, err);
  }
}

/** A page rendered on the server hydrated a signed-in person: the figure is asked once per session. */
function* afterHydrate() {
  if (!inBrowser()) return;
  const state: State = yield select((s: State) => s);
  if (signedInMember(state) && !state.notifications.unreadRequested) yield put(fetchUnreadCount());
}

function* afterLogin() {
  if (!inBrowser()) return;
  const member: boolean = yield select(signedInMember);
  if (member) yield put(fetchUnreadCount());
}

/** The notification events of the app's socket, plus RECONNECTED after a dropped connection came back. */
export function notificationsChannel(): EventChannel<NotificationSocketEvent> {
  return socketEventChannel<NotificationSocketEvent>([NOTIFICATION_CREATED, NOTIFICATION_UNREAD], (emit) => {
    let dropped = false;
    const unsubscribe = socketService.subscribe?.((status) => {
      if (status === 'disconnect' || status === 'reconnecting' || status === 'failed') dropped = true;
      else if (status === 'connected' && dropped) {
        dropped = false;
        emit({ type: RECONNECTED });
      }
    });
    return () => unsubscribe?.();
  });
}

export function* handleNotificationEvent(event: NotificationSocketEvent) {
  switch (event.type) {
    case NOTIFICATION_CREATED:
      yield put(notificationReceived(event.payload.notification));
      break;
    case NOTIFICATION_UNREAD:
      yield put(unreadTotalReported(event.payload.total));
      break;
    case RECONNECTED: {
      // Pushes sent while the connection was down are lost: the figure (and an open list) are read again.
      const state: State = yield select((s: State) => s);
      if (!signedInMember(state)) break;
      yield put(fetchUnreadCount());
      if (state.notifications.latestStatus !== 'idle') yield put(fetchLatest());
      break;
    }
  }
}

export function* notificationsSaga() {
  yield takeLatest(loginSuccess.type, afterLogin);
  yield takeLatest(HYDRATE, afterHydrate);
  yield takeLatest(fetchUnreadCount.type, loadUnreadCount);
  yield takeLatest(fetchLatest.type, loadLatest);
  // Each item clicked is its own request; "mark all" once at a time.
  yield takeEvery(markRead.type, markReadFlow);
  yield takeLeading(markAllRead.type, markAllReadFlow);
  yield fork(function* socketEvents() {
    yield* handleSocketEvents(notificationsChannel, handleNotificationEvent);
  });
}
