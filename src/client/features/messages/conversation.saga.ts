import { HYDRATE } from 'next-redux-wrapper';
import { call, put, select, takeLatest, type SagaReturnType } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import { GENERIC_UPDATE_ERROR } from '@/client/lib/error-message';
import { serializeError } from '@/client/lib/serialize-error';
import { toast } from '@/client/lib/toast';
import { loginSuccess } from '@/client/features/auth/auth.slice';
import * as api from './messages.api';
import {
  loadConversations,
  loadConversationsFail,
  loadConversationsSuccess,
  markConversationRead,
  openConversation,
  openConversationFail,
  setActiveConversation,
  setUnreadTotal,
  type ConversationState,
  type LoadConversationsPayload,
  type OpenConversationPayload,
} from './conversation.slice';
import { MESSAGES_PAGE_SIZE, fetchMessages } from './message.slice';
import { fetchMessagesFlow } from './message.saga';
import type { Conversation } from '@/common/contract/messaging';

/** Conversations per page of the list. */
export const CONVERSATIONS_PAGE_SIZE = 20;

type WithConversation = { conversation: ConversationState };

/** Spec 4 conversation list; failures are stored as state, no message (spec 8). */
export function* loadConversationsFlow(action: PayloadAction<LoadConversationsPayload>) {
  const { q, isMore, offset = 0, limit = CONVERSATIONS_PAGE_SIZE } = action.payload;
  try {
    const res: SagaReturnType<typeof api.listConversations> = yield call(api.listConversations, { q, offset, limit });
    yield put(loadConversationsSuccess({ data: res.data.data, total: res.data.total, isMore }));
  } catch (err) {
    yield put(loadConversationsFail(serializeError(err)));
  }
}

/**
 * Marks every message of the conversation read: at once in the store (the badge drops by its
 * unseen count), then on the server, whose answer carries the exact unread total left.
 */
export function* markReadFlow(conversationId: string) {
  const state: ConversationState = yield select((s: WithConversation) => s.conversation);
  const unseen = state.byId[conversationId]?.totalNotSeenMessages ?? 0;
  yield put(markConversationRead(conversationId));
  if (unseen > 0) yield put(setUnreadTotal(state.unreadTotal - unseen));
  try {
    const res: SagaReturnType<typeof api.readAll> = yield call(api.readAll, conversationId);
    yield put(setUnreadTotal(res.data.total));
  } catch {
    // Reading still works; the server keeps the messages unseen until the next opening.
  }
}

/**
 * Spec 4 'Opening a conversation': a known id is activated, marked read and its first 25
 * messages loaded; without an id the conversation is created from source and sourceId first.
 * A failure shows 'Error occurred, please try again later' (spec 8).
 */
export function* openConversationFlow(action: PayloadAction<OpenConversationPayload>) {
  const { payload } = action;
  let conversationId: string;
  try {
    if ('conversationId' in payload) {
      conversationId = payload.conversationId;
      const known: Conversation | undefined = yield select((s: WithConversation) => s.conversation.byId[conversationId]);
      let conversation = known;
      if (!conversation) {
        const res: SagaReturnType<typeof api.getConversation> = yield call(api.getConversation, conversationId);
        conversation = res.data;
      }
      yield put(setActiveConversation(conversation));
      yield call(markReadFlow, conversationId);
    } else {
      const res: SagaReturnType<typeof api.createConversation> = yield call(api.createConversation, {
        source: payload.source,
        sourceId: payload.sourceId,
      });
      conversationId = res.data._id;
      yield put(setActiveConversation(res.data));
    }
  } catch (err) {
    yield put(openConversationFail(serializeError(err)));
    yield call(toast.error, GENERIC_UPDATE_ERROR);
    return;
  }
  yield call(fetchMessagesFlow, fetchMessages({ conversationId, offset: 0, limit: MESSAGES_PAGE_SIZE }));
}

const inBrowser = () => typeof window !== 'undefined';
let unreadLoadedFor: string | null = null;

/** The header badge's figure, once per signed-in browser session (later changes come by socket). */
export function* loadUnreadTotal() {
  if (!inBrowser()) return;
  const userId: string | undefined = yield select((s: { auth: { loggedIn: boolean; authUser: { _id: string } | null } }) =>
    s.auth.loggedIn ? s.auth.authUser?._id : undefined,
  );
  if (!userId || userId === unreadLoadedFor) return;
  unreadLoadedFor = userId;
  try {
    const res: SagaReturnType<typeof api.totalUnread> = yield call(api.totalUnread);
    yield put(setUnreadTotal(res.data.total));
  } catch {
    // The badge stays at 0 until the next unread_count event.
    unreadLoadedFor = null;
  }
}

export function* conversationSaga() {
  // A newer search or opening replaces one still on its way.
  yield takeLatest(loadConversations.type, loadConversationsFlow);
  yield takeLatest(openConversation.type, openConversationFlow);
  yield takeLatest(loginSuccess.type, function* afterLogin() {
    unreadLoadedFor = null;
    yield call(loadUnreadTotal);
  });
  yield takeLatest(HYDRATE, loadUnreadTotal);
}
