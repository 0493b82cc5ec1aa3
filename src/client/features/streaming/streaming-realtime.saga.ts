import type { EventChannel } from 'redux-saga';
import { put } from 'redux-saga/effects';
import { handleSocketEvents, socketEventChannel } from '@/client/lib/socket-events';
import type {
  ServerToClientEvents,
  StreamMessageCreatedPayload,
  StreamMessageDeletedPayload,
  StreamMessagesClearedPayload,
} from '@/common/contract/realtime';
import { receiveStreamMessage, streamMessageDeleted, streamMessagesCleared } from './stream-message.slice';

export const STREAM_MESSAGE_CREATED = 'stream_message_created' satisfies keyof ServerToClientEvents;
export const STREAM_MESSAGE_DELETED = 'stream_message_deleted' satisfies keyof ServerToClientEvents;
export const STREAM_MESSAGES_CLEARED = 'stream_messages_cleared' satisfies keyof ServerToClientEvents;

export type StreamSocketEvent =
  | { type: typeof STREAM_MESSAGE_CREATED; payload: StreamMessageCreatedPayload }
  | { type: typeof STREAM_MESSAGE_DELETED; payload: StreamMessageDeletedPayload }
  | { type: typeof STREAM_MESSAGES_CLEARED; payload: StreamMessagesClearedPayload };

const EVENTS = [STREAM_MESSAGE_CREATED, STREAM_MESSAGE_DELETED, STREAM_MESSAGES_CLEARED] as const;

/**
 * The live-chat events of the app's socket as one queued channel (a busy chat sends bursts).
 * Catching up after a dropped connection is the open chat's job (`use-chat-catch-up.ts`): only a
 * mounted stream page knows which room to re-join and which chat to reload.
 */
export const streamingChannel = (): EventChannel<StreamSocketEvent> => socketEventChannel<StreamSocketEvent>(EVENTS);

export function* handleStreamEvent(event: StreamSocketEvent) {
  switch (event.type) {
    case STREAM_MESSAGE_CREATED:
      yield put(receiveStreamMessage(event.payload.message));
      break;
    case STREAM_MESSAGE_DELETED:
      yield put(streamMessageDeleted({ conversationId: event.payload.conversationId, messageId: event.payload.messageId }));
      break;
    case STREAM_MESSAGES_CLEARED:
      yield put(streamMessagesCleared({ conversationId: event.payload.conversationId }));
      break;
  }
}

/** Hands the socket's live-chat events to the stream message slice. */
export function* streamingRealtimeSaga() {
  yield* handleSocketEvents(streamingChannel, handleStreamEvent);
}
