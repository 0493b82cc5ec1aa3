import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { allRows, tables } from '../../support/db';
import { walletBalance } from '../../support/money';

export const GB_IP = '81.2.69.142';

export interface Caller {
  token?: string;
  ip?: string;
  key?: string;
}

/** A request as the web sends it: raw token, visitor address in X-Forwarded-For, optional Idempotency-Key. */
export function call(app: FastifyInstance, method: 'GET' | 'POST', url: string, as: Caller = {}, payload?: object) {
  const headers: Record<string, string> = {};
  if (as.token) headers.authorization = as.token;
  if (as.ip) headers['x-forwarded-for'] = as.ip;
  if (as.key) headers['idempotency-key'] = as.key;
  return app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
}

/** Everything a charge may write, for "a refused charge wrote nothing". */
export async function moneySnapshot(app: FastifyInstance, userId: string) {
  const [transactions, entries, entitlements] = await Promise.all([
    allRows(app, tables.ledgerTransactions),
    allRows(app, tables.ledgerEntries),
    allRows(app, tables.entitlements),
  ]);
  return { wallet: await walletBalance(app, userId), transactions: transactions.length, entries: entries.length, entitlements: entitlements.length };
}

/** A published item of a creator with the given access; price in tokens for sale. */
export async function createItem(
  app: FastifyInstance,
  type: 'feed' | 'video' | 'gallery',
  performerId: string,
  access: 'free' | 'subscribers' | 'sale',
  price = 0,
  { videoStatus = 'ready', ...extra }: { status?: 'active' | 'draft'; videoStatus?: 'ready' | 'processing' } = {},
): Promise<string> {
  const priceCents = access === 'sale' ? Math.round(price * 100) : 0;
  const common = { performerId, access, priceCents, ...extra };
  if (type === 'feed') return (await app.db.insert(tables.feeds).values({ ...common, text: 'a post' }).returning())[0].id;
  if (type === 'video') {
    // Fans see (and buy) a video only once its main file is processed.
    const [file] = await app.db.insert(tables.mediaFiles)
      .values({ ownerId: performerId, kind: 'video', purpose: 'video', status: videoStatus, mainKey: `private/videos/${crypto.randomUUID()}.mp4`, mainContentType: 'video/mp4' })
      .returning();
    return (await app.db.insert(tables.videos).values({ ...common, title: 'a video', fileId: file.id }).returning())[0].id;
  }
  return (await app.db.insert(tables.galleries).values({ ...common, title: 'a gallery' }).returning())[0].id;
}
