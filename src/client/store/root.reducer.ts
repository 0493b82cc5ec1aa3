import { combineReducers, type UnknownAction } from '@reduxjs/toolkit';
import { HYDRATE } from 'next-redux-wrapper';
import { authReducer, logoutSuccess } from '@/client/features/auth/auth.slice';
import { userReducer } from '@/client/features/user/user.slice';
import { settingsReducer } from '@/client/features/settings/settings.slice';
import { uiReducer } from '@/client/features/ui/ui.slice';
import { followReducer } from '@/client/features/follow/follow.slice';
import { playerReducer } from '@/client/features/player/player.slice';
import { conversationReducer } from '@/client/features/messages/conversation.slice';
import { messageReducer } from '@/client/features/messages/message.slice';
import { streamMessageReducer } from '@/client/features/streaming/stream-message.slice';
import { privateRequestReducer } from '@/client/features/private-shows/private-request.slice';
import { notificationsReducer } from '@/client/features/notifications/notifications.slice';

const appReducer = combineReducers({
  auth: authReducer,
  user: userReducer,
  settings: settingsReducer,
  ui: uiReducer,
  follow: followReducer,
  player: playerReducer,
  conversation: conversationReducer,
  message: messageReducer,
  streamMessage: streamMessageReducer,
  privateRequest: privateRequestReducer,
  notifications: notificationsReducer,
});

export type RootState = ReturnType<typeof appReducer>;

/** The slices the server fills while loading a page; HYDRATE takes only these. */
export const HYDRATED_SLICES = ['auth', 'user', 'settings', 'ui'] as const;

function hydrate(state: RootState, server: Partial<RootState>): RootState {
  const next = { ...state };
  if (server.settings) next.settings = server.settings;
  if (server.ui) next.ui = server.ui;
  // A server store that did not see a valid session knows less than a signed-in browser; signing
  // out goes through logoutSuccess, never through HYDRATE.
  if (server.auth && (server.auth.loggedIn || !state.auth.loggedIn)) {
    next.auth = server.auth;
    if (server.user) next.user = server.user;
  }
  return next;
}

export function rootReducer(state: RootState | undefined, action: UnknownAction): RootState {
  if (action.type === HYDRATE && state) return hydrate(state, (action.payload ?? {}) as Partial<RootState>);
  // Spec 4: logout resets the entire application state.
  if (logoutSuccess.match(action)) return appReducer(undefined, action);
  return appReducer(state, action);
}
