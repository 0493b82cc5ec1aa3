import type { EventChannel } from 'redux-saga';
import { call, fork, put, select, type SagaReturnType } from 'redux-saga/effects';
import { socketService } from '@/client/lib/socket';
import { handleSocketEvents, socketEventChannel } from '@/client/lib/socket-events';
import * as api from './messages.api';
import {
  addConversation,
  conversationActivity,
  markConversationRead,
  setUnreadTotal,
  type ConversationState,
} from './conversation.slice';
import { fetchMessages, markMessagesSeen, messageDeletedRemotely, receiveMessage } from './message.slice';
import type {
  ConversationReadPayload,
  MessageCreatedPayload,
  MessageDeletedPayload,
  ServerToClientEvents,
  UnreadCountPayload,
} from '@/common/contract/realtime';

export const MESSAGE_CREATED = 'message_created' satisfies keyof ServerToClientEvents;
export const MESSAGE_DELETED = 'message_deleted' satisfies keyof ServerToClientEvents;
export const CONVERSATION_READ = 'conversation_read' satisfies keyof ServerToClientEvents;
export const UNREAD_COUNT = 'unread_count' satisfies keyof ServerToClientEvents;

/** The socket came back after a drop: events sent meanwhile were missed. */
export const RECONNECTED = 'reconnected';
/**
 * The page's first connection: the socket (and socket.io's code) comes after the page's own reads,
 * so a message sent between the open thread's load and the subscription was missed.
 */
export const CONNECTED = 'connected';

export type MessagingSocketEvent =
  | { type: typeof RECONNECTED }
  | { type: typeof CONNECTED }
  | { type: typeof MESSAGE_CREATED; payload: MessageCreatedPayload }
  | { type: typeof MESSAGE_DELETED; payload: MessageDeletedPayload }
  | { type: typeof CONVERSATION_READ; payload: ConversationReadPayload }
  | { type: typeof UNREAD_COUNT; payload: UnreadCountPayload };

const EVENTS = [MESSAGE_CREATED, MESSAGE_DELETED, CONVERSATION_READ, UNREAD_COUNT] as const;

/**
 * The messaging events of the app's socket, as one channel (handlers outlive reconnects). Events
 * are queued while one is being handled (an eventChannel drops them by default), so an
 * `unread_count` right behind a `message_created` that fetches its conversation is not lost.
 */
export function messagingChannel(): EventChannel<MessagingSocketEvent> {
  return socketEventChannel<MessagingSocketEvent>(EVENTS, (emit) => {
    let connectedBefore = false;
    let dropped = false;
    const unsubscribe = socketService.subscribe?.((status) => {
      if (status === 'disconnect' || status === 'reconnecting' || status === 'failed') dropped = true;
      else if (status === 'connected' && dropped) {
        dropped = false;
        emit({ type: RECONNECTED });
      } else if (status === 'connected' && !connectedBefore) emit({ type: CONNECTED });
      if (status === 'connected') connectedBefore = true;
    });
    return () => unsubscribe?.();
  });
}

/** The open thread, if any, loaded again: messages that arrived while the socket was not listening. */
function* reloadOpenThread() {
  const activeId: string | null = yield select((s: State) => s.conversation.activeId);
  if (activeId) yield put(fetchMessages({ conversationId: activeId }));
}

/**
 * After a drop: the open thread and the badge are loaded again (what arrived meanwhile was missed).
 * On the first connection only the open thread is: the badge's figure is loaded once a session
 * (conversation.saga.ts) and any later message's `unread_count` corrects it.
 */
function* catchUp() {
  yield call(reloadOpenThread);
  try {
    const res: SagaReturnType<typeof api.totalUnread> = yield call(api.totalUnread);
    yield put(setUnreadTotal(res.data.total));
  } catch {
    // The next unread_count event corrects it.
  }
}

type State = { conversation: ConversationState; auth: { authUser: { _id: string } | null } };

/** A conversation the list does not show yet: fetched, then put at the top. */
function* addMissingConversation(conversationId: string) {
  try {
    const res: SagaReturnType<typeof api.getConversation> = yield call(api.getConversation, conversationId);
    yield put(addConversation(res.data));
  } catch {
    // The list shows it at its next load.
  }
}

/**
 * A new message: into the open conversation's thread (and read at once, since it is on screen),
 * otherwise counted as unseen on its conversation in the list.
 */
export function* onMessageCreated({ message }: MessageCreatedPayload) {
  const state: State = yield select((s: State) => s);
  const mine = message.senderId === state.auth.authUser?._id;
  const active = state.conversation.activeId === message.conversationId;
  if (active) yield put(receiveMessage(message));
  if (!state.conversation.byId[message.conversationId]) {
    // Its own answer carries the server's unseen count, this message included.
    yield fork(addMissingConversation, message.conversationId);
    return;
  }
  yield put(conversationActivity({ message, unseen: !mine && !active }));
  if (active && !mine) {
    try {
      yield call(api.readAll, message.conversationId);
    } catch {
      // Left unseen on the server; the next opening marks it read.
    }
  }
}

export function* handleMessagingEvent(event: MessagingSocketEvent) {
  switch (event.type) {
    case RECONNECTED:
      yield call(catchUp);
      break;
    case CONNECTED:
      yield call(reloadOpenThread);
      break;
    case MESSAGE_CREATED:
      yield call(onMessageCreated, event.payload);
      break;
    case MESSAGE_DELETED:
      yield put(messageDeletedRemotely({ conversationId: event.payload.conversationId, messageId: event.payload.messageId }));
      break;
    case CONVERSATION_READ: {
      // Read in another tab of mine: nothing unseen here either. Read by the other side: mine are seen.
      const me: string | undefined = yield select((s: State) => s.auth.authUser?._id);
      if (event.payload.readerId === me) yield put(markConversationRead(event.payload.conversationId));
      else yield put(markMessagesSeen(event.payload));
      break;
    }
    case UNREAD_COUNT:
      yield put(setUnreadTotal(event.payload.total));
      break;
  }
}

/** Hands the socket's messaging events to the conversation and message slices. */
export function* messagesRealtimeSaga() {
  yield* handleSocketEvents(messagingChannel, handleMessagingEvent);
}
