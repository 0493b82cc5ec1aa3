import { call, cancelled, put, select, takeEvery, takeLatest, type SagaReturnType } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import { logoutSuccess } from '@/client/features/auth/auth.slice';
import { serializeError } from '@/client/lib/serialize-error';
import * as api from './streaming.api';
import {
  STREAM_MESSAGES_PAGE_SIZE,
  deleteStreamMessage,
  deleteStreamMessageFail,
  loadMoreStreamMessages,
  loadMoreStreamMessagesSuccess,
  loadStreamMessages,
  loadStreamMessagesFail,
  loadStreamMessagesSuccess,
  resetStreamMessages,
  sendStreamMessage,
  sendStreamMessageFail,
  sendStreamMessageSuccess,
  streamMessageDeleted,
  streamMessagesFetching,
  type StreamConversationMessages,
  type StreamMessageState,
} from './stream-message.slice';

const chatOf = (conversationId: string) => (state: { streamMessage: StreamMessageState }): StreamConversationMessages | undefined =>
  state.streamMessage.byConversation[conversationId];

/**
 * One page of a stream chat. Skipped while the same chat is fetching; failures are stored (spec 8,
 * the chat panel shows a retry). A fetch cancelled by a newer one clears its flag, or every later
 * fetch of that chat would be skipped.
 */
function* fetchPage(conversationId: string, offset: number, older: boolean) {
  const current: StreamConversationMessages | undefined = yield select(chatOf(conversationId));
  if (current?.fetching) return;
  yield put(streamMessagesFetching(conversationId));
  let settled = false;
  try {
    const res: SagaReturnType<typeof api.listStreamMessages> = yield call(api.listStreamMessages, conversationId, {
      offset,
      limit: STREAM_MESSAGES_PAGE_SIZE,
    });
    settled = true;
    const loaded = { conversationId, data: res.data.data, total: res.data.total };
    yield put(older ? loadMoreStreamMessagesSuccess(loaded) : loadStreamMessagesSuccess(loaded));
  } catch (err) {
    settled = true;
    yield put(loadStreamMessagesFail({ conversationId, error: serializeError(err) }));
  } finally {
    const wasCancelled: boolean = settled ? false : yield cancelled();
    if (wasCancelled) yield put(loadStreamMessagesFail({ conversationId, error: null }));
  }
}

export function* loadStreamMessagesFlow(action: PayloadAction<{ conversationId: string }>) {
  yield call(fetchPage, action.payload.conversationId, 0, false);
}

/** The page before the oldest loaded message (the API counts from the newest); nothing when all are loaded. */
export function* loadMoreStreamMessagesFlow(action: PayloadAction<{ conversationId: string }>) {
  const { conversationId } = action.payload;
  const current: StreamConversationMessages | undefined = yield select(chatOf(conversationId));
  if (!current || current.items.length >= current.total) return;
  yield call(fetchPage, conversationId, current.items.length, true);
}

/** Success appends (the socket echo of my own message is de-duplicated by _id); failure is stored. */
export function* sendStreamMessageFlow(action: PayloadAction<{ conversationId: string; text: string }>) {
  const { conversationId, text } = action.payload;
  try {
    const res: SagaReturnType<typeof api.sendStreamMessage> = yield call(api.sendStreamMessage, conversationId, text);
    yield put(sendStreamMessageSuccess(res.data));
  } catch (err) {
    yield put(sendStreamMessageFail(serializeError(err)));
  }
}

/** The message stays as a deleted marker, as everyone else sees it (stream_message_deleted). */
export function* deleteStreamMessageFlow(action: PayloadAction<{ conversationId: string; messageId: string }>) {
  try {
    yield call(api.deleteStreamMessage, action.payload.messageId);
    yield put(streamMessageDeleted(action.payload));
  } catch (err) {
    yield put(deleteStreamMessageFail(serializeError(err)));
  }
}

export function* streamMessageSaga() {
  // A newer opening replaces one on its way; older pages and sends run on their own.
  yield takeLatest(loadStreamMessages.type, loadStreamMessagesFlow);
  yield takeEvery(loadMoreStreamMessages.type, loadMoreStreamMessagesFlow);
  yield takeEvery(sendStreamMessage.type, sendStreamMessageFlow);
  yield takeEvery(deleteStreamMessage.type, deleteStreamMessageFlow);
  // The root reducer already resets everything on logout; this keeps the slice's own reset explicit.
  yield takeEvery(logoutSuccess.type, function* onLogout() {
    yield put(resetStreamMessages());
  });
}
