import { buffers, eventChannel, type EventChannel } from 'redux-saga';
import { call, take } from 'redux-saga/effects';
import { socketService } from './socket';

export interface SocketEvent<T extends string = string, P = unknown> {
  type: T;
  payload: P;
}

/**
 * Server events of the app's socket as one saga channel (the handlers outlive reconnects). Events
 * are queued while one is handled: an eventChannel drops them by default, and a burst (a busy
 * chat, an `unread_count` right behind a `message_created`) must not lose any. `extra` may emit
 * more events of its own (messaging's "reconnected") and returns its own unsubscribe.
 */
export function socketEventChannel<E extends { type: string }>(
  types: readonly string[],
  extra?: (emit: (event: E) => void) => () => void,
): EventChannel<E> {
  return eventChannel((emit) => {
    const handlers = types.map((type) => {
      const handler = (payload: unknown) => emit({ type, payload } as unknown as E);
      socketService.on(type, handler);
      return [type, handler] as const;
    });
    const stopExtra = extra?.(emit);
    return () => {
      handlers.forEach(([type, handler]) => socketService.off(type, handler));
      stopExtra?.();
    };
  }, buffers.expanding<E>(16));
}

/** Hands every event of the channel to `handle`, in order; one failing event does not stop the rest. */
export function* handleSocketEvents<E extends { type: string }>(createChannel: () => EventChannel<E>, handle: (event: E) => unknown) {
  if (typeof window === 'undefined') return;
  const channel: EventChannel<E> = yield call(createChannel);
  try {
    for (;;) {
      const event: E = yield take(channel);
      try {
        yield call(handle as (event: E) => Generator, event);
      } catch {
        // One bad event must not stop the ones after it.
      }
    }
  } finally {
    channel.close();
  }
}
