import type { FastifyInstance } from 'fastify';
import { allRows, tables } from '../../support/db';
import { call } from '../products/product-helpers';

export const ADDRESS = { name: 'Ana Silva', country: 'PT', city: 'Lisbon', streetAddress: 'Rua Augusta 10', postalCode: '1100-053', phone: '+351 912 345 678' };

export async function addAddress(app: FastifyInstance, token: string, fields: Partial<typeof ADDRESS> = {}): Promise<string> {
  const res = await call(app, { token }, 'POST', '/addresses/create', { ...ADDRESS, ...fields });
  if (res.statusCode !== 200) throw new Error(`address failed: ${res.statusCode} ${res.body}`);
  return res.json().data._id as string;
}

export function buy(app: FastifyInstance, token: string | undefined, productId: string, body: object = {}, idempotencyKey?: string) {
  const headers: Record<string, string> = { 'x-forwarded-for': '8.8.8.8' };
  if (token) headers.authorization = token;
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  return app.inject({ method: 'POST', url: `/wallet/charges/product/${productId}`, headers, payload: body });
}

export const updateOrder = (app: FastifyInstance, token: string, id: string, body: object) =>
  call(app, { token }, 'PUT', `/orders/${id}/update`, body);

const byId = <T extends { id: string }>(rows: T[]) => [...rows].sort((a, b) => a.id.localeCompare(b.id));

/** Everything a purchase or an order change may write, for "nothing changed" checks. */
export async function moneySnapshot(app: FastifyInstance) {
  return {
    orders: byId(await allRows(app, tables.orders)),
    entitlements: byId(await allRows(app, tables.entitlements)),
    transactions: byId(await allRows(app, tables.ledgerTransactions)),
    accounts: byId(await allRows(app, tables.ledgerAccounts)).map((a) => ({ id: a.id, balance: a.balanceCents })),
    products: byId(await allRows(app, tables.products)).map((p) => ({ id: p.id, stock: p.stock, sold: p.totalSold })),
  };
}

export async function productStock(app: FastifyInstance, id: string) {
  return (await allRows(app, tables.products)).find((p) => p.id === id)!;
}
