import type { FastifyInstance } from 'fastify';
import { allRows, tables } from '../../support/db';
import { startTestServer } from '../../support/server';
import { api, type Account } from '../messaging/messaging-world';

/** Agora credentials of the tests: 32 hex characters each, as the Agora console gives them. */
export const APP_ID = '0123456789abcdef0123456789abcdef';
export const CERTIFICATE = 'fedcba9876543210fedcba9876543210';

/** An API with the certificate configured; live is switched on with `enableLive` (the operator's settings). */
export const startStreamingServer = (env: Record<string, string> = {}) =>
  startTestServer({ AGORA_APP_CERTIFICATE: CERTIFICATE, ...env });

export async function enableLive(app: FastifyInstance, on = true) {
  await app.settings.set({ agoraEnable: on, agoraAppId: on ? APP_ID : '' });
}

export async function goLive(app: FastifyInstance, creator: Account, body: object = {}) {
  const res = await api(app, 'POST', '/streaming/live', creator.token, body);
  if (res.statusCode !== 200) throw new Error(`go live failed: ${res.statusCode} ${res.body}`);
  return res.json().data as { _id: string; conversationId: string; channelName: string; performerId: string };
}

export async function chatOk(app: FastifyInstance, as: Account, conversationId: string, text: string) {
  const res = await api(app, 'POST', `/messages/stream/${conversationId}`, as.token, { text });
  if (res.statusCode !== 200) throw new Error(`chat failed: ${res.statusCode} ${res.body}`);
  return res.json().data as { _id: string; text: string };
}

/** Everything the streaming routes may write, for "a refused request wrote nothing". */
export async function streamingSnapshot(app: FastifyInstance) {
  const [streams, settings, conversations, messages] = await Promise.all([
    allRows(app, tables.streams),
    allRows(app, tables.streamSettings),
    allRows(app, tables.conversations),
    allRows(app, tables.messages),
  ]);
  return {
    streams: streams.map((s) => `${s.id}:${s.title}:${s.description}:${s.isStreaming}:${s.isChatClosed}:${s.durationSeconds}:${s.priceCents}`).sort(),
    settings: settings.map((s) => `${s.performerId}:${s.title}:${s.access}:${s.priceCents}`).sort(),
    conversations: conversations.length,
    messages: messages.map((m) => `${m.id}:${m.isDeleted}:${m.text}`).sort(),
  };
}
