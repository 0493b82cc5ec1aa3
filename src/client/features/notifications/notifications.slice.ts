import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Notification } from '@/common/contract/notifications';

/** How many notifications the bell's dropdown shows. */
export const LATEST_LIMIT = 10;

export type LatestStatus = 'idle' | 'loading' | 'loaded' | 'failed';

/**
 * Notifications of the signed-in person (issue 14 §3): the bell's unread figure and the newest
 * few for its dropdown. Browser state: not hydrated, reset with everything else on logout.
 */
export interface NotificationsState {
  /** The bell's figure: the server's absolute total, plus one per notification created since. */
  unreadTotal: number;
  /** The figure was asked for in this signed-in session (a later HYDRATE does not ask again). */
  unreadRequested: boolean;
  /**
   * `notification_created` events received so far. An absolute total answered over HTTP while
   * one arrived may or may not include it, so the saga asks again instead of applying it.
   */
  receivedCount: number;
  /** The newest notifications, newest first (at most LATEST_LIMIT), once the dropdown asked for them. */
  latest: Notification[];
  latestStatus: LatestStatus;
  latestError: unknown;
  /** The newest notification pushed by the server: lists on screen refresh when it changes. */
  lastReceived: Notification | null;
  /** Bumped whenever a mark-read request ends (either way): lists on screen ask the server again. */
  readRevision: number;
  /** The last mark-read failure (also toasted). */
  markError: unknown;
}

export const initialNotificationsState: NotificationsState = {
  unreadTotal: 0,
  unreadRequested: false,
  receivedCount: 0,
  latest: [],
  latestStatus: 'idle',
  latestError: null,
  lastReceived: null,
  readRevision: 0,
  markError: null,
};

const markLatest = (state: NotificationsState, readAt: string, ids?: string[]) => {
  state.latest.forEach((n) => {
    if (!n.readAt && (!ids || ids.includes(n._id))) n.readAt = readAt;
  });
};

const newestFirst = (a: Notification, b: Notification) => b.createdAt.localeCompare(a.createdAt);

const notificationsSlice = createSlice({
  name: 'notifications',
  initialState: initialNotificationsState,
  reducers: {
    /** Saga trigger: ask the server for the unread total. */
    fetchUnreadCount(state) {
      state.unreadRequested = true;
    },
    /** The absolute total from an HTTP answer the saga trusts. */
    unreadCountLoaded(state, action: PayloadAction<number>) {
      state.unreadTotal = action.payload;
    },
    /** `notification_unread`: the absolute total after a read on any device; 0 means every one is read. */
    unreadTotalReported(state, action: PayloadAction<number>) {
      state.unreadTotal = action.payload;
      if (action.payload === 0) markLatest(state, new Date().toISOString());
    },
    /** `notification_created`: one more unread, and first in the dropdown's list when it has one. */
    notificationReceived(state, action: PayloadAction<Notification>) {
      const notification = action.payload;
      // The same event twice (two sockets during a reconnect) counts once.
      if (state.latest.some((n) => n._id === notification._id) || state.lastReceived?._id === notification._id) return;
      state.receivedCount += 1;
      if (!notification.readAt) state.unreadTotal += 1;
      state.lastReceived = notification;
      if (state.latestStatus !== 'idle') state.latest = [notification, ...state.latest].sort(newestFirst).slice(0, LATEST_LIMIT);
    },
    fetchLatest(state) {
      state.latestStatus = 'loading';
      state.latestError = null;
    },
    fetchLatestSuccess(state, action: PayloadAction<Notification[]>) {
      const answer = action.payload;
      // Pushed while the answer was on its way: kept when the answer is older than them.
      const newest = answer[0]?.createdAt ?? '';
      const fresh = state.latest.filter((n) => n.createdAt > newest && !answer.some((a) => a._id === n._id));
      state.latest = [...fresh, ...answer].sort(newestFirst).slice(0, LATEST_LIMIT);
      state.latestStatus = 'loaded';
    },
    fetchLatestFail(state, action: PayloadAction<unknown>) {
      state.latestStatus = 'failed';
      state.latestError = action.payload;
    },
    /** Saga trigger: mark these read on the server. */
    markRead: {
      reducer() {},
      prepare: (ids: string[]) => ({ payload: { ids } }),
    },
    markReadSuccess(state, action: PayloadAction<{ ids: string[]; readAt: string }>) {
      markLatest(state, action.payload.readAt, action.payload.ids);
      state.readRevision += 1;
      state.markError = null;
    },
    /** Saga trigger: mark every notification read on the server. */
    markAllRead() {},
    markAllReadSuccess(state, action: PayloadAction<{ readAt: string }>) {
      markLatest(state, action.payload.readAt);
      state.readRevision += 1;
      state.markError = null;
    },
    markReadFail(state, action: PayloadAction<unknown>) {
      state.readRevision += 1;
      state.markError = action.payload;
    },
  },
});

export const {
  fetchUnreadCount,
  unreadCountLoaded,
  unreadTotalReported,
  notificationReceived,
  fetchLatest,
  fetchLatestSuccess,
  fetchLatestFail,
  markRead,
  markReadSuccess,
  markAllRead,
  markAllReadSuccess,
  markReadFail,
} = notificationsSlice.actions;
export const notificationsReducer = notificationsSlice.reducer;
