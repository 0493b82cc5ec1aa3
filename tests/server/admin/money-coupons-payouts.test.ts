import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { allRows, createPerformerWithToken, createUserWithToken, tables } from '../../support/db';
import { expectLedgerSound } from '../../support/money';
import { startTestServer, type TestServer } from '../../support/server';
import { newCard, topUp, VISA_DECLINE } from '../payments/payment-helpers';
import { addBanking, sell } from '../payouts/payout-fixtures';
import { as, auditRows, ok, type Account } from './money-helpers';

jest.setTimeout(120_000);

let server: TestServer;
let app: FastifyInstance;
let admin: Account;
beforeAll(async () => {
  server = await startTestServer();
  app = server.app;
  admin = await createUserWithToken(app, { role: 'admin', username: `ops_${crypto.randomBytes(3).toString('hex')}` });
});
afterAll(() => server.close());

type Coupon = { _id: string; code: string; discountPercentage: number; numberOfUses: number | null; usedCount: number; active: boolean; expiredDate: string | null };
const code = () => `SAVE${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
const create = (body: object, who: Account = admin) => as(app, who, 'POST', '/admin/coupons', body);
const edit = (id: string, body: object, who: Account = admin) => as(app, who, 'PUT', `/admin/coupons/${id}`, body);
const couponRows = () => allRows(app, tables.coupons);

describe('coupon writes are audited', () => {
  it('records a creation with what was created, in the same transaction', async () => {
    const c = code();
    const coupon = await ok<Coupon>(create({ code: c, discountPercentage: 12.5, numberOfUses: 3 }));
    expect(await auditRows(app, 'coupon.create', coupon._id)).toEqual([expect.objectContaining({
      actorId: admin.user.id, actorUsername: admin.user.username, targetType: 'coupon', before: null,
      after: { code: c, discountPercentage: 12.5, expiredDate: null, numberOfUses: 3, active: true },
    })]);
    // A duplicate code (any case) writes neither a coupon nor an audit row.
    const auditBefore = (await allRows(app, tables.auditLog)).length;
    const dup = await create({ code: c.toLowerCase(), discountPercentage: 5 });
    expect([dup.statusCode, dup.json().message]).toEqual([409, 'A coupon with this code already exists']);
    expect((await allRows(app, tables.auditLog)).length).toBe(auditBefore);
  });

  it('records an edit with the changed fields only; deactivating is an edit', async () => {
    const coupon = await ok<Coupon>(create({ code: code(), discountPercentage: 10 }));
    await ok(edit(coupon._id, { discountPercentage: 15, numberOfUses: 100, code: coupon.code }));
    await ok(edit(coupon._id, { active: false }));
    const rows = await auditRows(app, 'coupon.update', coupon._id);
    expect(rows.map((r) => [r.before, r.after])).toEqual(expect.arrayContaining([
      [{ discountPercentage: 10, numberOfUses: null }, { discountPercentage: 15, numberOfUses: 100 }],
      [{ active: true }, { active: false }],
    ]));
    expect(rows).toHaveLength(2);
    expect((await couponRows()).find((r) => r.id === coupon._id)).toMatchObject({ active: false, discountBasisPoints: 1500, maxUses: 100 });
    const fan = await createUserWithToken(app);
    expect((await as(app, fan, 'POST', `/coupons/${coupon.code}/apply-coupon`)).statusCode).toBe(404);
  });

  it('refuses bad edits without writing: a limit below the uses made, bad values, unknown coupons, other accounts', async () => {
    const coupon = await ok<Coupon>(create({ code: code(), discountPercentage: 50, numberOfUses: 5 }));
    for (let i = 0; i < 2; i++) {
      const fan = await createUserWithToken(app);
      expect((await topUp(app, fan.token, { amount: 10, card: newCard(), couponCode: coupon.code })).json().data.status).toBe('succeeded');
    }
    const before = { coupons: await couponRows(), audit: (await allRows(app, tables.auditLog)).length };
    const fan = await createUserWithToken(app);
    const creator = await createPerformerWithToken(app);
    const cases: [string, object, Account, number, string][] = [
      [coupon._id, { numberOfUses: 1 }, admin, 422, 'This coupon was used 2 times already: allow at least 2 uses'],
      [coupon._id, { discountPercentage: 0 }, admin, 400, expect.stringMatching(/^discountPercentage/) as unknown as string],
      [coupon._id, { code: 'a b' }, admin, 400, expect.stringMatching(/^code/) as unknown as string],
      [coupon._id, {}, admin, 400, 'Give at least one field to change'],
      [crypto.randomUUID(), { active: false }, admin, 404, 'Coupon not found'],
      ['not-an-id', { active: false }, admin, 400, 'id must be a valid uuid'],
      [coupon._id, { active: false }, fan, 403, 'Only admin accounts can do this'],
      [coupon._id, { active: false }, creator, 403, 'Only admin accounts can do this'],
    ];
    for (const [id, body, who, status, message] of cases) {
      const res = await edit(id, body, who);
      expect({ status: res.statusCode, message: res.json().message }).toEqual({ status, message });
    }
    expect((await create({ code: code(), discountPercentage: 10 }, fan)).statusCode).toBe(403);
    expect({ coupons: await couponRows(), audit: (await allRows(app, tables.auditLog)).length }).toEqual(before);
  });
});

describe('GET /admin/coupons/:id/redemptions', () => {
  it('lists who used a coupon, when, and the payment; a failed payment gives its use back', async () => {
    const coupon = await ok<Coupon>(create({ code: code(), discountPercentage: 25 }));
    const dana = await createUserWithToken(app, { name: 'Dana' });
    const eli = await createUserWithToken(app, { name: 'Eli' });
    const paid = (await topUp(app, dana.token, { amount: 20, card: newCard(), couponCode: coupon.code })).json().data;
    const declined = await topUp(app, eli.token, { amount: 8, card: newCard(VISA_DECLINE), couponCode: coupon.code });
    expect(declined.json().data.status).toBe('failed');
    const eliPaid = (await topUp(app, eli.token, { amount: 8, card: newCard(), couponCode: coupon.code })).json().data;

    const list = await ok<{ data: { user: { _id: string; name: string } | null; createdAt: string; payment: Record<string, unknown> | null }[]; total: number }>(
      as(app, admin, 'GET', `/admin/coupons/${coupon._id}/redemptions`),
    );
    expect(list.total).toBe(2);
    expect(list.data.map((r) => [r.user?.name, r.payment])).toEqual([
      ['Eli', { _id: eliPaid._id, kind: 'top_up', status: 'succeeded', originalPrice: 8, discount: 2, totalPrice: 6, description: expect.any(String) }],
      ['Dana', { _id: paid._id, kind: 'top_up', status: 'succeeded', originalPrice: 20, discount: 5, totalPrice: 15, description: expect.any(String) }],
    ]);
    const listed = await ok<{ data: Coupon[] }>(as(app, admin, 'GET', `/admin/coupons?q=${coupon.code}`));
    expect(listed.data[0]).toMatchObject({ usedCount: 2 });
    const paged = await ok<{ data: unknown[]; total: number }>(as(app, admin, 'GET', `/admin/coupons/${coupon._id}/redemptions?limit=1&offset=1`));
    expect([paged.data.length, paged.total]).toEqual([1, 2]);
  });

  it('answers 404 for an unknown coupon and 403 for other accounts', async () => {
    expect((await as(app, admin, 'GET', `/admin/coupons/${crypto.randomUUID()}/redemptions`)).statusCode).toBe(404);
    expect((await as(app, admin, 'GET', '/admin/coupons/nope/redemptions')).statusCode).toBe(400);
    const fan = await createUserWithToken(app);
    const coupon = await ok<Coupon>(create({ code: code(), discountPercentage: 5 }));
    expect((await as(app, fan, 'GET', `/admin/coupons/${coupon._id}/redemptions`)).statusCode).toBe(403);
  });
});

describe('payout decisions are audited', () => {
  async function pendingRequest(amount = 60) {
    const creator = await createPerformerWithToken(app);
    await sell(app, creator.user.id, 100);
    await addBanking(app, creator.token);
    const request = await ok<{ _id: string }>(as(app, creator, 'POST', '/payout-requests', { amount, method: 'banking' }));
    return { creator, id: request._id };
  }

  it('writes one audit row for an approval and one for a rejection; a second decision (409) writes none', async () => {
    const approved = await pendingRequest(60);
    await ok(as(app, admin, 'POST', `/admin/payout-requests/${approved.id}/approve`, { note: 'Sent by SEPA' }));
    expect(await auditRows(app, 'payout.approve', approved.id)).toEqual([expect.objectContaining({
      actorId: admin.user.id, targetType: 'payout_request',
      before: { status: 'pending', amount: 60, method: 'banking' },
      after: expect.objectContaining({ status: 'paid', adminNote: 'Sent by SEPA', gatewayTransferId: null }),
    })]);
    const rejected = await pendingRequest(55.5);
    await ok(as(app, admin, 'POST', `/admin/payout-requests/${rejected.id}/reject`, { note: 'Bank details do not match' }));
    expect(await auditRows(app, 'payout.reject', rejected.id)).toEqual([expect.objectContaining({
      before: { status: 'pending', amount: 55.5, method: 'banking' }, after: expect.objectContaining({ status: 'rejected', adminNote: 'Bank details do not match' }),
    })]);

    const auditBefore = (await allRows(app, tables.auditLog)).length;
    expect((await as(app, admin, 'POST', `/admin/payout-requests/${approved.id}/reject`, { note: 'late' })).statusCode).toBe(409);
    expect((await as(app, admin, 'POST', `/admin/payout-requests/${rejected.id}/approve`, {})).statusCode).toBe(409);
    expect((await as(app, admin, 'POST', `/admin/payout-requests/${rejected.id}/reject`, { note: '  ' })).statusCode).toBe(400);
    expect((await allRows(app, tables.auditLog)).length).toBe(auditBefore);
    await expectLedgerSound(app);
  });

  it('two operators approving at once: one payout, one audit row', async () => {
    const { id } = await pendingRequest(50);
    const second = await createUserWithToken(app, { role: 'admin' });
    const results = await Promise.all([admin, second, admin, second].map((who) => as(app, who, 'POST', `/admin/payout-requests/${id}/approve`, {})));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(await auditRows(app, 'payout.approve', id)).toHaveLength(1);
    await expectLedgerSound(app);
  });
});
