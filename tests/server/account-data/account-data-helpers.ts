import type { FastifyInstance } from 'fastify';
import { tables } from '../../support/db';
import { parseCsv } from '../../support/csv';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export function call(app: FastifyInstance, token: string | null, method: Method, url: string, payload?: object) {
  const headers: Record<string, string> = { 'x-forwarded-for': '8.8.8.8' };
  if (token) headers.authorization = token;
  return app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
}


/** CSV rows as objects keyed by the header. */
export function records(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])));
}

/** A subscription as a confirmed payment would leave it (the subscriptions module's own tests cover paying). */
export async function subscribe(app: FastifyInstance, userId: string, performerId: string, days = 30) {
  const [row] = await app.db.insert(tables.subscriptions).values({
    userId, performerId, type: 'monthly', status: 'active', priceCents: 995, expiresAt: new Date(Date.now() + days * 86_400_000),
  }).returning();
  return row;
}

/** A conversation between a fan and a creator with one message from each side. */
export async function exchangeMessages(app: FastifyInstance, fan: { token: string }, creator: { token: string; id: string }, fanText: string, creatorText: string) {
  const conv = await call(app, fan.token, 'POST', '/conversations', { source: 'performer', sourceId: creator.id });
  if (conv.statusCode !== 200) throw new Error(`conversation: ${conv.statusCode} ${conv.body}`);
  const id = conv.json().data._id as string;
  for (const [token, text] of [[fan.token, fanText], [creator.token, creatorText]] as const) {
    const sent = await call(app, token, 'POST', `/messages/conversations/${id}`, { text });
    if (sent.statusCode !== 200) throw new Error(`send: ${sent.statusCode} ${sent.body}`);
  }
  return id;
}
