import type { ManagerOptions, SocketOptions } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@/common/contract/realtime';
import { getRuntimeConfig } from './runtime-config';

/** Spec 4 realtime status machine. */
export type SocketStatus = 'initialized' | 'connected' | 'disconnect' | 'reconnecting' | 'failed';

export const AUTH_LOGIN_EVENT = 'auth/login' satisfies keyof ClientToServerEvents;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Handler = (...args: any[]) => void;

interface Emitter {
  on(event: string, fn: Handler): unknown;
  off(event: string, fn?: Handler): unknown;
}

/** The part of a socket.io client socket the service uses; tests inject a fake. */
export interface SocketLike extends Emitter {
  emit(event: string, ...args: unknown[]): unknown;
  disconnect(): unknown;
  /** The Manager: reconnection events live there in socket.io 4. */
  io: Emitter;
}

export type IoFactory = (url: string, options: Partial<ManagerOptions & SocketOptions>) => SocketLike;

/**
 * socket.io's client is fetched on the first connect, so visitors who never sign in never download
 * it and it is not in the First Load JS of any page (issue 17).
 */
const loadSocketIo = (): Promise<IoFactory> => import('socket.io-client').then((m) => m.io as unknown as IoFactory);

/** Spec 9: unlimited attempts, 1 s to 10 s delay, websocket first then polling. */
export const SOCKET_OPTIONS = {
  reconnection: true,
  reconnectionAttempts: Infinity,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 10000,
  transports: ['websocket', 'polling'],
} satisfies Partial<ManagerOptions & SocketOptions>;

export interface SocketService {
  connect(token: string): void;
  disconnect(): void;
  /** Typed for the events of the realtime contract; any name is accepted for features not typed yet. */
  on<E extends keyof ServerToClientEvents>(event: E, handler: ServerToClientEvents[E]): void;
  on<T = unknown>(event: string, handler: (payload: T) => void): void;
  off<E extends keyof ServerToClientEvents>(event: E, handler?: ServerToClientEvents[E]): void;
  off<T = unknown>(event: string, handler?: (payload: T) => void): void;
  emit<E extends keyof ClientToServerEvents>(event: E, ...args: Parameters<ClientToServerEvents[E]>): boolean;
  emit(event: string, ...args: unknown[]): boolean;
  getStatus(): SocketStatus;
  /** Called on every status change; returns the unsubscribe function. */
  subscribe(listener: (status: SocketStatus) => void): () => void;
  isConnectedWith(token: string): boolean;
}

export interface SocketServiceOptions {
  /** API endpoint; read at connect time because _app sets the runtime config after load. */
  url?: string | (() => string);
  /** Connect at once with this token. */
  token?: string;
  /** A ready factory (tests inject fakes); without one socket.io is loaded on the first connect. */
  io?: IoFactory;
  loadIo?: () => Promise<IoFactory>;
}

export function createSocketService(options: SocketServiceOptions = {}): SocketService {
  const { url = () => getRuntimeConfig().apiEndpoint, loadIo = loadSocketIo } = options;
  let io: IoFactory | null = options.io ?? null;
  let loading: Promise<IoFactory> | null = null;
  let socket: SocketLike | null = null;
  let currentToken: string | null = null;
  let status: SocketStatus = 'initialized';
  const statusListeners = new Set<(s: SocketStatus) => void>();
  // Handlers outlive a socket: a logout/login pair gets a new socket with the same subscriptions.
  const handlers = new Map<string, Set<Handler>>();

  const setStatus = (next: SocketStatus) => {
    if (next === status) return;
    status = next;
    statusListeners.forEach((listener) => listener(next));
  };

  // Also cancels a connect still waiting for socket.io to load: it opens only for the current token.
  function teardown() {
    currentToken = null;
    if (!socket) return;
    const old = socket;
    socket = null;
    old.disconnect();
  }

  function open(token: string, factory: IoFactory) {
    const s = factory(typeof url === 'function' ? url() : url, { ...SOCKET_OPTIONS, query: { token } });
    socket = s;
    // A replaced socket may still report while it closes; only the current one drives status.
    const track = (next: SocketStatus) => () => {
      if (socket === s) setStatus(next);
    };
    s.on('connect', () => {
      if (socket !== s) return;
      setStatus('connected');
      // The server binds the connection to the user on this event, after every (re)connect.
      s.emit(AUTH_LOGIN_EVENT, { token });
    });
    s.on('disconnect', track('disconnect'));
    s.on('connect_error', track('failed'));
    s.io.on('reconnect_attempt', track('reconnecting'));
    s.io.on('reconnect_failed', track('failed'));
    handlers.forEach((set, event) => set.forEach((h) => s.on(event, h)));
  }

  const service: SocketService = {
    connect(token) {
      if (currentToken === token) return;
      teardown();
      currentToken = token;
      setStatus('initialized');
      if (io) {
        open(token, io);
        return;
      }
      loading ??= loadIo();
      loading.then(
        (factory) => {
          io = factory;
          if (currentToken === token && !socket) open(token, factory);
        },
        () => {
          // A failed download (offline, new deployment) is retried by the next connect.
          loading = null;
          if (currentToken !== token) return;
          currentToken = null;
          setStatus('failed');
        },
      );
    },
    disconnect() {
      const had = currentToken !== null;
      teardown();
      if (had) setStatus('disconnect');
    },
    on(event: string, handler: Handler) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)!.add(handler);
      socket?.on(event, handler);
    },
    off(event: string, handler?: Handler) {
      if (!handler) {
        handlers.get(event)?.forEach((h) => socket?.off(event, h));
        handlers.delete(event);
        return;
      }
      handlers.get(event)?.delete(handler);
      socket?.off(event, handler);
    },
    emit(event: string, ...args: unknown[]) {
      if (!socket) return false;
      socket.emit(event, ...args);
      return true;
    },
    getStatus: () => status,
    subscribe(listener) {
      statusListeners.add(listener);
      return () => {
        statusListeners.delete(listener);
      };
    },
    // True from connect(token) on, also while socket.io is still loading.
    isConnectedWith: (token) => currentToken === token,
  };

  if (options.token) service.connect(options.token);
  return service;
}

/** The app's one socket: connected while a user is signed in (auth sagas), closed on logout. */
export const socketService = createSocketService();
