import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Value } from 'typebox/value';
import { tokenFromHeader } from './auth';
import { HttpError } from '../lib/http-error';
import {
  AuthLoginPayload,
  REALTIME_PATH,
  sessionRoom,
  userRoom,
  type AuthLoginAck,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SocketData,
} from '../../common/contract/realtime';

type Io = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type ServerEvent = keyof ServerToClientEvents;

export interface Realtime {
  /** Emits to every socket of a user, on every API instance when Redis is configured. */
  toUser<E extends ServerEvent>(userId: string, event: E, ...args: Parameters<ServerToClientEvents[E]>): void;
  /**
   * Runs work that a socket event started (no HTTP request waits for it, so Fastify would not):
   * shutdown waits for it before Redis and the database close, and once shutdown has begun new
   * work is not started (the answer is `undefined`).
   */
  track<T>(work: () => Promise<T>): Promise<T | undefined>;
}

declare module 'fastify' {
  interface FastifyInstance {
    io: Io;
    realtime: Realtime;
  }
}

/**
 * socket.io on the API's own HTTP server and port. A socket must present a valid token (query
 * `token` or `auth.token`) and then sits in its user's room; with REDIS_URL the rooms span all
 * API instances through the Redis adapter.
 */
export default fp(async function realtime(app: FastifyInstance) {
  const { config } = app;
  const io: Io = new Server(app.server, {
    path: REALTIME_PATH,
    cors: { origin: config.webOrigins, credentials: true },
    transports: ['websocket', 'polling'],
    serveClient: false,
  });

  let redis: Redis[] = [];
  if (config.redisUrl) {
    // Connected before the adapter subscribes: the adapter does not catch its own subscribe calls,
    // so commands queued on a client that is still connecting fail unhandled if the app closes early.
    let started = false;
    const pub = new Redis(config.redisUrl, {
      maxRetriesPerRequest: 1,
      lazyConnect: true,
      // Unreachable at start-up: fail now with the reason. Lost later: keep reconnecting.
      retryStrategy: (times) => (started ? Math.min(times * 200, 2000) : null),
    });
    const sub = pub.duplicate();
    redis = [pub, sub];
    let lastError: Error | undefined;
    for (const r of redis) {
      r.on('error', (err: Error) => {
        lastError = err;
        app.log.warn({ err }, 'realtime Redis connection problem');
      });
    }
    app.addHook('onClose', async () => {
      await Promise.all(redis.map((r) => r.quit().catch(() => r.disconnect())));
    });
    try {
      await Promise.all(redis.map((r) => r.connect()));
      started = true;
    } catch (err) {
      // Otherwise the clients keep retrying in the background of a process that failed to start.
      for (const r of redis) r.disconnect();
      throw new Error(`Cannot connect to Redis (REDIS_URL) for realtime: ${(lastError ?? (err as Error)).message}`, {
        cause: err,
      });
    }
    io.adapter(createAdapter(pub, sub, { key: `socket.io:${config.redisPrefix}` }));
  }

  async function signedIn(token: string | null): Promise<{ userId: string; sessionId: string }> {
    if (!token) throw new HttpError(401, 'Unauthorized');
    const { user, sessionId } = await app.tokens.verify(token);
    return { userId: user.id, sessionId };
  }

  /** Rooms a socket joined as its user (conversations): they stop being its business when the user changes. */
  async function leaveUserScopedRooms(socket: AppSocket) {
    for (const room of [...socket.rooms]) if (room !== socket.id) await socket.leave(room);
  }

  async function joinUser(socket: AppSocket, { userId, sessionId }: { userId: string; sessionId: string }) {
    const previous = socket.data.userId;
    if (previous && previous !== userId) await leaveUserScopedRooms(socket);
    for (const room of [...socket.rooms]) if (room.startsWith(sessionRoom('')) && room !== sessionRoom(sessionId)) await socket.leave(room);
    socket.data.userId = userId;
    await socket.join([userRoom(userId), sessionRoom(sessionId)]);
  }

  io.use((socket, next) => {
    const { query, auth } = socket.handshake;
    const raw = typeof query.token === 'string' ? query.token : typeof auth?.token === 'string' ? auth.token : undefined;
    signedIn(tokenFromHeader(raw)).then(
      (who) => {
        socket.data.userId = who.userId;
        socket.data.sessionId = who.sessionId;
        next();
      },
      // The client sees connect_error with this message; the reason stays in the server log.
      (err: Error) => {
        app.log.debug({ err }, 'socket refused');
        next(new Error('Unauthorized'));
      },
    );
  });

  io.on('connection', (socket) => {
    const { userId, sessionId } = socket.data;
    if (userId && sessionId) void socket.join([userRoom(userId), sessionRoom(sessionId)]);

    socket.on('auth/login', async (payload, ack) => {
      const reply = (result: AuthLoginAck) => typeof ack === 'function' && ack(result);
      if (!Value.Check(AuthLoginPayload, payload)) return reply({ ok: false, message: 'token is required' });
      try {
        const who = await signedIn(tokenFromHeader(payload.token));
        await joinUser(socket, who);
        reply({ ok: true, userId: who.userId });
      } catch (err) {
        // A token that no longer verifies (signed out elsewhere) stops the socket's private events.
        if (socket.data.userId) await leaveUserScopedRooms(socket);
        socket.data.userId = null;
        reply({ ok: false, message: err instanceof HttpError ? err.message : 'Unauthorized' });
      }
    });
  });

  // Socket-driven work in flight. The Redis adapter publishes without handling a rejection, so
  // work still emitting or asking other instances after the clients quit surfaced as an
  // unhandled "Connection is closed" (it failed a CI run once): shutdown drains this first.
  const inFlight = new Set<Promise<unknown>>();
  let closing = false;

  app.decorate('io', io);
  app.decorate('realtime', {
    toUser(userId, event, ...args) {
      io.to(userRoom(userId)).emit(event, ...args);
    },
    track<T>(work: () => Promise<T>): Promise<T | undefined> {
      if (closing) return Promise.resolve(undefined);
      const running = work();
      inFlight.add(running);
      const forget = () => void inFlight.delete(running);
      running.then(forget, forget);
      return running;
    },
  } satisfies Realtime);

  // Open sockets keep the HTTP server from closing: drop them before Fastify closes the server.
  // Their disconnect handlers may start work (a viewer recount): it runs to its end while Redis
  // and the database are still open (every onClose hook comes after this one); nothing new starts.
  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true);
    io.engine.close();
    closing = true;
    while (inFlight.size) await Promise.allSettled([...inFlight]);
  });
  // Registered after the Redis hook above, so it runs first: the adapter unsubscribes before the clients quit.
  app.addHook('onClose', async () => {
    await io.close();
  });
}, { name: 'realtime', dependencies: ['auth'] });
