import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { allRows, createPerformerWithToken, createUserWithToken, tables } from '../../support/db';
import { multipart } from '../../support/multipart';
import { jpegWithExif } from '../../support/media-fixtures';
import { entitlementsRepository } from '../../../src/server/modules/entitlements/entitlements.repository';

export type Account = Awaited<ReturnType<typeof createUserWithToken>>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A request as the web sends it (raw token in Authorization). */
export function api(app: FastifyInstance, method: Method, url: string, token?: string, payload?: object) {
  return app.inject({ method, url, headers: token ? { authorization: token } : {}, ...(payload === undefined ? {} : { payload }) });
}

export const newCreator = (app: FastifyInstance) => createPerformerWithToken(app);
export const newFan = (app: FastifyInstance) => createUserWithToken(app);

export async function follow(app: FastifyInstance, fan: Account, creator: Account) {
  const res = await api(app, 'POST', `/follows/${creator.user.id}`, fan.token);
  if (res.statusCode !== 200) throw new Error(`follow failed: ${res.body}`);
}

export async function subscribe(app: FastifyInstance, fan: Account, creator: Account) {
  await entitlementsRepository.grantSubscription(app.db, {
    userId: fan.user.id, performerId: creator.user.id, type: 'monthly', expiresAt: new Date(Date.now() + 30 * 86_400_000),
  });
}

export async function block(app: FastifyInstance, creator: Account, fan: Account) {
  const res = await api(app, 'POST', '/block/users', creator.token, { userId: fan.user.id });
  if (res.statusCode !== 200) throw new Error(`block failed: ${res.body}`);
}

/** A fan who follows the creator and has opened a conversation with them. */
export async function openConversation(app: FastifyInstance, fan: Account, creator: Account): Promise<string> {
  await follow(app, fan, creator);
  const res = await api(app, 'POST', '/conversations', fan.token, { source: 'performer', sourceId: creator.user.id });
  if (res.statusCode !== 200) throw new Error(`conversation failed: ${res.body}`);
  return res.json().data._id;
}

export async function send(app: FastifyInstance, token: string, conversationId: string, body: object) {
  return api(app, 'POST', `/messages/conversations/${conversationId}`, token, body);
}

export async function sendOk(app: FastifyInstance, token: string, conversationId: string, body: object) {
  const res = await send(app, token, conversationId, body);
  if (res.statusCode !== 200) throw new Error(`send failed: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

export async function uploadPhoto(app: FastifyInstance, token: string): Promise<string> {
  const form = await multipart({}, { file: { content: await jpegWithExif(), filename: 'pic.jpg', contentType: 'image/jpeg' } });
  const res = await app.inject({ method: 'POST', url: '/messages/public/file/photo', headers: { authorization: token, ...form.headers }, payload: form.payload });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json().data._id;
}

/** Row counts of everything sending may write, for "a refused request stored nothing". */
export async function messagingSnapshot(app: FastifyInstance) {
  const [conversations, members, messages, files] = await Promise.all([
    allRows(app, tables.conversations),
    allRows(app, tables.conversationMembers),
    allRows(app, tables.messages),
    allRows(app, tables.messageFiles),
  ]);
  return {
    conversations: conversations.length,
    members: members.map((m) => `${m.conversationId}:${m.userId}:${m.unreadCount}`).sort(),
    messages: messages.map((m) => `${m.id}:${m.isDeleted}:${m.text}`).sort(),
    files: files.length,
  };
}

/** Sockets opened by a test file; `closeSockets()` in afterEach. */
const sockets: Socket[] = [];
export function openSocket(url: string, token: string): Socket {
  const socket = connect(url, { path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true, query: { token } });
  sockets.push(socket);
  return socket;
}
export const closeSockets = () => {
  for (const s of sockets.splice(0)) s.close();
};

export const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    if (socket.connected) return resolve();
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });

/** The next `event` on the socket that matches, or a rejection after `ms`. */
export const next = <T>(socket: Socket, event: string, match: (payload: T) => boolean = () => true, ms = 5000) =>
  new Promise<T>((resolve, reject) => {
    const onEvent = (payload: T) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event, onEvent);
      resolve(payload);
    };
    const timer = setTimeout(() => {
      socket.off(event, onEvent);
      reject(new Error(`no ${event} within ${ms} ms`));
    }, ms);
    socket.on(event, onEvent);
  });

/** Everything `event` delivers to the socket within `ms`. */
export const collect = <T>(socket: Socket, event: string, ms = 400) =>
  new Promise<T[]>((resolve) => {
    const got: T[] = [];
    const onEvent = (payload: T) => got.push(payload);
    socket.on(event, onEvent);
    setTimeout(() => {
      socket.off(event, onEvent);
      resolve(got);
    }, ms);
  });
