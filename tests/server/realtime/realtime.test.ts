import { io as connect, type Socket } from 'socket.io-client';
import { startTestServer, type TestServer } from '../../support/server';
import { createUserWithToken } from '../../support/db';
import type { AuthLoginAck } from '../../../src/common/contract/realtime';

jest.setTimeout(30_000);

// A test-only event: features declare their real events the same way (see src/common/contract/realtime.ts).
declare module '../../../src/common/contract/realtime' {
  interface ServerToClientEvents {
    'test/ping': (payload: { n: number }) => void;
  }
}

let server: TestServer;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer();
  url = await server.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
});
afterAll(() => server.close());

function open(base: string, opts: Parameters<typeof connect>[1] = {}): Socket {
  const socket = connect(base, { path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true, ...opts });
  sockets.push(socket);
  return socket;
}

const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });

const next = <T>(socket: Socket, event: string, ms = 3000) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });

const login = (socket: Socket, payload: unknown) =>
  socket.timeout(3000).emitWithAck('auth/login', payload) as Promise<AuthLoginAck>;

/** Resolves when nothing arrives within `ms`. */
const silence = (socket: Socket, event: string, ms = 300) =>
  new Promise<void>((resolve, reject) => {
    const onEvent = () => reject(new Error(`unexpected ${event}`));
    socket.once(event, onEvent);
    setTimeout(() => {
      socket.off(event, onEvent);
      resolve();
    }, ms);
  });

describe('realtime', () => {
  it('accepts a valid token in the query and delivers messages sent to the user', async () => {
    const { user, token } = await createUserWithToken(server.app);
    const other = await createUserWithToken(server.app);
    const mine = open(url, { query: { token } });
    const theirs = open(url, { query: { token: other.token } });
    await Promise.all([connected(mine), connected(theirs)]);
    const received = next<{ n: number }>(mine, 'test/ping');
    const notForThem = silence(theirs, 'test/ping');
    server.app.realtime.toUser(user.id, 'test/ping', { n: 1 });
    expect(await received).toEqual({ n: 1 });
    await notForThem;
  });

  it('accepts the token in the handshake auth and over long-polling', async () => {
    const { user, token } = await createUserWithToken(server.app);
    const socket = open(url, { auth: { token }, transports: ['polling'] });
    await connected(socket);
    const received = next(socket, 'test/ping');
    server.app.realtime.toUser(user.id, 'test/ping', { n: 2 });
    expect(await received).toEqual({ n: 2 });
  });

  it('refuses a missing or bad token with connect_error', async () => {
    for (const query of [{}, { token: 'not-a-token' }, { token: 'null' }]) {
      const socket = open(url, { query });
      await expect(connected(socket)).rejects.toThrow('Unauthorized');
    }
  });

  it('refuses a token whose session was revoked', async () => {
    const { token } = await createUserWithToken(server.app);
    const { sessionId } = await server.app.tokens.verify(token);
    await server.app.tokens.revoke(sessionId);
    await expect(connected(open(url, { query: { token } }))).rejects.toThrow('Unauthorized');
  });

  it('answers auth/login with an ack and moves the socket to the right user room', async () => {
    const first = await createUserWithToken(server.app);
    const second = await createUserWithToken(server.app);
    const socket = open(url, { query: { token: first.token } });
    await connected(socket);

    expect(await login(socket, { token: first.token })).toEqual({ ok: true, userId: first.user.id });
    expect(await login(socket, { token: second.token })).toEqual({ ok: true, userId: second.user.id });
    const forSecond = next(socket, 'test/ping');
    server.app.realtime.toUser(second.user.id, 'test/ping', { n: 3 });
    expect(await forSecond).toEqual({ n: 3 });
    const quiet = silence(socket, 'test/ping');
    server.app.realtime.toUser(first.user.id, 'test/ping', { n: 4 });
    await quiet;
  });

  it('rejects a bad auth/login and stops private events for that socket', async () => {
    const { user, token } = await createUserWithToken(server.app);
    const socket = open(url, { query: { token } });
    await connected(socket);
    expect(await login(socket, {})).toEqual({ ok: false, message: 'token is required' });
    expect(await login(socket, { token: 'garbage' })).toEqual({ ok: false, message: 'Invalid token, please sign in again' });
    const quiet = silence(socket, 'test/ping');
    server.app.realtime.toUser(user.id, 'test/ping', { n: 5 });
    await quiet;
    // Signing in again on the same socket restores them.
    expect(await login(socket, { token })).toEqual({ ok: true, userId: user.id });
    const back = next(socket, 'test/ping');
    server.app.realtime.toUser(user.id, 'test/ping', { n: 6 });
    expect(await back).toEqual({ n: 6 });
  });

  it('shares the port with the HTTP routes', async () => {
    const res = await fetch(`${url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { status: 'ok' } });
  });

  it('sends CORS headers for the web origin on the polling transport', async () => {
    const res = await fetch(`${url}/socket.io/?EIO=4&transport=polling`, { headers: { origin: server.config.webOrigin } });
    expect(res.headers.get('access-control-allow-origin')).toBe(server.config.webOrigin);
    await res.text();
  });

  it('accepts the other spelling of the local web origin and refuses a foreign one', async () => {
    const local = await fetch(`${url}/socket.io/?EIO=4&transport=polling`, { headers: { origin: 'http://127.0.0.1:3000' } });
    expect(local.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:3000');
    await local.text();
    const foreign = await fetch(`${url}/socket.io/?EIO=4&transport=polling`, { headers: { origin: 'http://evil.example' } });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    await foreign.text();
  });

  it('closes open sockets when the app closes', async () => {
    const other = await startTestServer();
    const otherUrl = await other.app.listen({ port: 0, host: '127.0.0.1' });
    const { token } = await createUserWithToken(other.app);
    const socket = open(otherUrl, { query: { token } });
    await connected(socket);
    const disconnected = next<string>(socket, 'disconnect');
    // Without dropping the sockets first, the HTTP server would wait for them and close would hang.
    await other.close();
    expect(await disconnected).toEqual(expect.any(String));
  });

  (process.env.TEST_REDIS_URL ? it : it.skip)('delivers across API instances sharing Redis', async () => {
    const second = await startTestServer({ REDIS_PREFIX: server.config.redisPrefix });
    try {
      const secondUrl = await second.app.listen({ port: 0, host: '127.0.0.1' });
      // The user exists in the first instance's database; the token only has to verify where the socket connects.
      const { user, token } = await createUserWithToken(server.app);
      const socket = open(url, { query: { token } });
      await connected(socket);
      const received = next(socket, 'test/ping');
      second.app.realtime.toUser(user.id, 'test/ping', { n: 7 });
      expect(await received).toEqual({ n: 7 });

      // And the other way round: a socket on the second instance, an emit from the first.
      const there = await createUserWithToken(second.app);
      const remote = open(secondUrl, { query: { token: there.token } });
      await connected(remote);
      const back = next(remote, 'test/ping');
      server.app.realtime.toUser(there.user.id, 'test/ping', { n: 8 });
      expect(await back).toEqual({ n: 8 });
    } finally {
      await second.close();
    }
  });
});
