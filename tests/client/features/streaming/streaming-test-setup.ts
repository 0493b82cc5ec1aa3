import { updateSettings } from '@/client/features/settings/settings.slice';
import { makeStore, type AppStore } from '@/client/store/store';

/**
 * The fake app socket of the page tests (the file's jest.mock hands this to the socket module):
 * handlers by event, the status listeners and what the page emitted.
 */
export function makeFakeSocket() {
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  const listeners = new Set<(status: string) => void>();
  const emitted: { event: string; payload: unknown }[] = [];
  const socketService = {
    subscribe: jest.fn((listener: (status: string) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    }),
    connect: jest.fn(),
    disconnect: jest.fn(),
    emit: jest.fn((event: string, payload: unknown, ack?: (r: unknown) => void) => {
      emitted.push({ event, payload });
      if (event === 'stream/join') ack?.({ ok: true, viewerCount: 7 });
      return true;
    }),
    on: jest.fn((event: string, handler: (payload: unknown) => void) => {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)!.add(handler);
    }),
    off: jest.fn((event: string, handler?: (payload: unknown) => void) => {
      if (handler) handlers.get(event)?.delete(handler);
      else handlers.delete(event);
    }),
  };
  /** Delivers a server event to every handler. */
  const push = (event: string, payload: unknown) => handlers.get(event)?.forEach((h) => h(payload));
  /** Reports a connection status change to every subscriber (as the socket service does). */
  const status = (next: string) => listeners.forEach((l) => l(next));
  return { socketService, push, status, emitted, handlers };
}

/** A store with the site's live streaming switched on. */
export function liveStore(): AppStore {
  const store = makeStore();
  store.dispatch(updateSettings({ agoraEnable: true, agoraAppId: 'a'.repeat(32) }));
  return store;
}
