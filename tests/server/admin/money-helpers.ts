import type { FastifyInstance } from 'fastify';
import { allRows, createUserWithToken, tables } from '../../support/db';

export type Account = Awaited<ReturnType<typeof createUserWithToken>>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A request as the console sends it: raw token, optional Idempotency-Key. */
export function as(app: FastifyInstance, who: Account | null, method: Method, url: string, payload?: object, key?: string) {
  const headers: Record<string, string> = { 'x-forwarded-for': '8.8.8.8' };
  if (who) headers.authorization = who.token;
  if (key) headers['idempotency-key'] = key;
  return app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
}

export async function ok<T = unknown>(res: Promise<{ statusCode: number; body: string; json(): { data: T } }> | { statusCode: number; body: string; json(): { data: T } }): Promise<T> {
  const r = await res;
  if (r.statusCode !== 200) throw new Error(`expected 200, got ${r.statusCode}: ${r.body}`);
  return r.json().data;
}

const byId = <T extends { id: string }>(rows: T[]) => [...rows].sort((a, b) => a.id.localeCompare(b.id));

/** Everything a refund may write, for "a refused refund changed nothing". */
export async function refundSnapshot(app: FastifyInstance) {
  return {
    transactions: byId(await allRows(app, tables.ledgerTransactions)).map((t) => t.id),
    entries: (await allRows(app, tables.ledgerEntries)).length,
    accounts: byId(await allRows(app, tables.ledgerAccounts)).map((a) => `${a.id}:${a.balanceCents}`),
    entitlements: byId(await allRows(app, tables.entitlements)).map((e) => e.id),
    orders: byId(await allRows(app, tables.orders)).map((o) => `${o.id}:${o.status}:${o.refundTransactionId}`),
    products: byId(await allRows(app, tables.products)).map((p) => `${p.id}:${p.stock}:${p.totalSold}`),
    payments: byId(await allRows(app, tables.paymentTransactions)).map((p) => `${p.id}:${p.status}:${p.refundedAt?.toISOString()}:${p.gatewayRefundId}`),
    audit: (await allRows(app, tables.auditLog)).length,
  };
}

/** The audit rows of one action and target. */
export async function auditRows(app: FastifyInstance, action: string, targetId?: string) {
  return (await allRows(app, tables.auditLog)).filter((r) => r.action === action && (targetId === undefined || r.targetId === targetId));
}
