import { call, cancelled, put, select, takeEvery, type SagaReturnType } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import { GENERIC_UPDATE_ERROR } from '@/client/lib/error-message';
import { serializeError } from '@/client/lib/serialize-error';
import { toast } from '@/client/lib/toast';
import * as api from './messages.api';
import { conversationActivity } from './conversation.slice';
import {
  MESSAGES_PAGE_SIZE,
  deleteMessage,
  deleteMessageFail,
  deleteMessageSuccess,
  fetchMessages,
  fetchMessagesAborted,
  fetchMessagesFail,
  fetchMessagesStart,
  fetchMessagesSuccess,
  loadOlderMessages,
  loadOlderMessagesSuccess,
  sendMessage,
  sendMessageFail,
  sendMessageSuccess,
  type ConversationMessages,
  type FetchMessagesPayload,
  type MessageState,
  type SendMessagePayload,
} from './message.slice';

const messagesOf = (conversationId: string) => (state: { message: MessageState }): ConversationMessages | undefined =>
  state.message.byConversation[conversationId];

/**
 * One page of a conversation's messages. Spec 4: skipped while a fetch for the same conversation
 * is in flight; a failure shows 'Error occurred, please try again later' (spec 8).
 */
function* fetchPage(conversationId: string, offset: number, limit: number, older: boolean) {
  const current: ConversationMessages | undefined = yield select(messagesOf(conversationId));
  if (current?.fetching) return;
  yield put(fetchMessagesStart(conversationId));
  let settled = false;
  try {
    const res: SagaReturnType<typeof api.listMessages> = yield call(api.listMessages, conversationId, { offset, limit });
    const loaded = { conversationId, data: res.data.data, total: res.data.total };
    settled = true;
    yield put(older ? loadOlderMessagesSuccess(loaded) : fetchMessagesSuccess(loaded));
  } catch (err) {
    settled = true;
    yield put(fetchMessagesFail({ conversationId, error: serializeError(err) }));
    yield call(toast.error, GENERIC_UPDATE_ERROR);
  } finally {
    // Cancelled by a newer opening: clear the flag, or every later fetch would be skipped.
    const wasCancelled: boolean = settled ? false : yield cancelled();
    if (wasCancelled) yield put(fetchMessagesAborted(conversationId));
  }
}

export function* fetchMessagesFlow(action: PayloadAction<FetchMessagesPayload>) {
  const { conversationId, offset = 0, limit = MESSAGES_PAGE_SIZE } = action.payload;
  yield call(fetchPage, conversationId, offset, limit, false);
}

/** The page before the oldest loaded message; nothing when everything is loaded. */
export function* loadOlderMessagesFlow(action: PayloadAction<{ conversationId: string }>) {
  const { conversationId } = action.payload;
  const current: ConversationMessages | undefined = yield select(messagesOf(conversationId));
  if (!current || current.items.length >= current.total) return;
  // The API counts from the newest message, so the loaded count is the offset of the next page.
  yield call(fetchPage, conversationId, current.items.length, MESSAGES_PAGE_SIZE, true);
}

/** Spec 4/8: success appends (once per _id); a failure is stored, no message shown. */
export function* sendMessageFlow(action: PayloadAction<SendMessagePayload>) {
  const { conversationId, body } = action.payload;
  try {
    const res: SagaReturnType<typeof api.sendMessage> = yield call(api.sendMessage, conversationId, body);
    yield put(sendMessageSuccess(res.data));
    yield put(conversationActivity({ message: res.data, unseen: false }));
  } catch (err) {
    yield put(sendMessageFail(serializeError(err)));
  }
}

export function* deleteMessageFlow(action: PayloadAction<{ conversationId: string; messageId: string }>) {
  try {
    yield call(api.deleteMessage, action.payload.messageId);
    yield put(deleteMessageSuccess(action.payload));
  } catch (err) {
    yield put(deleteMessageFail(serializeError(err)));
  }
}

export function* messageSaga() {
  // Every conversation fetches on its own; the skip rule handles repeats of the same one.
  yield takeEvery(fetchMessages.type, fetchMessagesFlow);
  yield takeEvery(loadOlderMessages.type, loadOlderMessagesFlow);
  yield takeEvery(sendMessage.type, sendMessageFlow);
  yield takeEvery(deleteMessage.type, deleteMessageFlow);
}
