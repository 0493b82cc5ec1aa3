import { startTestServer, type TestServer } from '../../support/server';
import { allRows, createPerformerWithToken, createUserWithToken, tables } from '../../support/db';
import { expectLedgerSound, walletBalance } from '../../support/money';
import { addCard, createCoupon, newCard, topUp, VISA_DECLINE, VISA_OK } from './payment-helpers';

let server: TestServer;
let admin: { token: string };
beforeAll(async () => {
  server = await startTestServer();
  admin = await createUserWithToken(server.app, { role: 'admin' });
});
afterAll(() => server.close());

const ledgerCount = async () => (await allRows(server.app, tables.ledgerTransactions)).length;
const couponRow = async (id: string) => (await allRows(server.app, tables.coupons)).find((c) => c.id === id)!;
const apply = (token: string, code: string) =>
  server.app.inject({ method: 'POST', url: `/coupons/${code}/apply-coupon`, headers: { authorization: token } });

describe('confirmPayment', () => {
  it('credits a payment once however many confirmations arrive at once', async () => {
    const fan = await createUserWithToken(server.app);
    const [payment] = await server.app.db.insert(tables.paymentTransactions).values({
      userId: fan.user.id, kind: 'top_up', gateway: 'sandbox', amountCents: 4200, tokensCents: 4200,
    }).returning();
    const before = await ledgerCount();
    const results = await Promise.all(Array.from({ length: 50 }, () => server.app.payments.confirmPayment({ paymentId: payment.id })));
    expect(results.every((r) => r?.status === 'succeeded')).toBe(true);
    expect(await ledgerCount()).toBe(before + 1);
    expect(await walletBalance(server.app, fan.user.id)).toBe(42);
    // A late failure report changes nothing once it succeeded.
    await server.app.payments.failPayment({ paymentId: payment.id }, 'late');
    expect((await server.app.payments.confirmPayment({ paymentId: payment.id }))?.status).toBe('succeeded');
    expect(await ledgerCount()).toBe(before + 1);
    await expectLedgerSound(server.app);
  });
});

describe('coupons', () => {
  it('lets admins create, list and edit coupons; others get 403', async () => {
    const fan = await createUserWithToken(server.app);
    const denied = await server.app.inject({ method: 'POST', url: '/admin/coupons', headers: { authorization: fan.token }, payload: { code: 'FANMADE', discountPercentage: 10 } });
    expect(denied.statusCode).toBe(403);
    const coupon = await createCoupon(server.app, admin.token, { code: 'Spring25', discountPercentage: 25, numberOfUses: 3 });
    const dup = await server.app.inject({ method: 'POST', url: '/admin/coupons', headers: { authorization: admin.token }, payload: { code: 'SPRING25', discountPercentage: 5 } });
    expect(dup.statusCode).toBe(409);
    const badPct = await server.app.inject({ method: 'POST', url: '/admin/coupons', headers: { authorization: admin.token }, payload: { code: 'ODD', discountPercentage: 10.123 } });
    expect(badPct.statusCode).toBe(400);
    const list = await server.app.inject({ method: 'GET', url: '/admin/coupons?q=spring', headers: { authorization: admin.token } });
    expect(list.json().data).toMatchObject({ total: 1, data: [{ code: 'Spring25', discountPercentage: 25, numberOfUses: 3, usedCount: 0, active: true }] });
    const edit = await server.app.inject({ method: 'PUT', url: `/admin/coupons/${coupon._id}`, headers: { authorization: admin.token }, payload: { discountPercentage: 30.5 } });
    expect(edit.json().data.discountPercentage).toBe(30.5);
    const missing = await server.app.inject({ method: 'PUT', url: '/admin/coupons/00000000-0000-0000-0000-000000000000', headers: { authorization: admin.token }, payload: { active: false } });
    expect(missing.statusCode).toBe(404);
  });

  it('applies case-insensitively; unknown/inactive 404, expired 422, used up 422', async () => {
    const fan = await createUserWithToken(server.app);
    await createCoupon(server.app, admin.token, { code: 'HELLO10', discountPercentage: 10 });
    expect((await apply(fan.token, 'hello10')).json().data).toMatchObject({ code: 'HELLO10', discountPercentage: 10, expiredDate: null });
    expect((await apply(fan.token, 'NOSUCH')).statusCode).toBe(404);
    await createCoupon(server.app, admin.token, { code: 'OFF1', discountPercentage: 10, active: false });
    expect((await apply(fan.token, 'OFF1')).statusCode).toBe(404);
    await createCoupon(server.app, admin.token, { code: 'OLD1', discountPercentage: 10, expiredDate: '2020-01-01T00:00:00.000Z' });
    const expired = await apply(fan.token, 'old1');
    expect([expired.statusCode, expired.json().message]).toEqual([422, 'This coupon has expired']);
    const one = await createCoupon(server.app, admin.token, { code: 'ONCE1', discountPercentage: 10, numberOfUses: 1 });
    const other = await createUserWithToken(server.app);
    expect((await topUp(server.app, other.token, { amount: 10, card: newCard(), couponCode: 'ONCE1' })).json().data.status).toBe('succeeded');
    const usedUp = await apply(fan.token, 'ONCE1');
    expect([usedUp.statusCode, usedUp.json().message]).toEqual([422, 'This coupon has been used up']);
    expect((await couponRow(one._id)).usedCount).toBe(1);
    expect((await apply('', 'HELLO10')).statusCode).toBe(401);
  });

  it('reduces the charge, not the tokens, and is once per user; a declined payment gives the use back', async () => {
    const fan = await createUserWithToken(server.app);
    const coupon = await createCoupon(server.app, admin.token, { code: 'QUARTER', discountPercentage: 25 });
    const declined = await topUp(server.app, fan.token, { amount: 20, card: newCard(VISA_DECLINE), couponCode: 'quarter' });
    expect(declined.json().data).toMatchObject({ status: 'failed', couponCode: 'QUARTER' });
    expect((await couponRow(coupon._id)).usedCount).toBe(0);
    expect((await apply(fan.token, 'QUARTER')).statusCode).toBe(200);

    const paid = await topUp(server.app, fan.token, { amount: 20, card: newCard(VISA_OK), couponCode: 'quarter' });
    expect(paid.json().data).toMatchObject({ status: 'succeeded', originalPrice: 20, discount: 5, totalPrice: 15, tokens: 20, couponCode: 'QUARTER' });
    expect(await walletBalance(server.app, fan.user.id)).toBe(20);
    expect((await couponRow(coupon._id)).usedCount).toBe(1);
    const redemptions = (await allRows(server.app, tables.couponRedemptions)).filter((r) => r.couponId === coupon._id);
    expect(redemptions).toEqual([expect.objectContaining({ userId: fan.user.id, paymentTransactionId: paid.json().data._id })]);
    const again = await apply(fan.token, 'QUARTER');
    expect([again.statusCode, again.json().message]).toEqual([409, 'You have already used this coupon']);
    expect((await topUp(server.app, fan.token, { amount: 20, card: newCard(), couponCode: 'QUARTER' })).statusCode).toBe(409);
    await expectLedgerSound(server.app);
  });

  it('gives the last use to one payment only when many race for it', async () => {
    const coupon = await createCoupon(server.app, admin.token, { code: 'LASTONE', discountPercentage: 50, numberOfUses: 1 });
    const fans = await Promise.all(Array.from({ length: 10 }, () => createUserWithToken(server.app)));
    const results = await Promise.all(fans.map((f) => topUp(server.app, f.token, { amount: 10, card: newCard(), couponCode: 'LASTONE' })));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c !== 200).every((c) => c === 422)).toBe(true);
    expect((await couponRow(coupon._id)).usedCount).toBe(1);
    // One fan racing themself: one payment gets it, the others a 409 (or 422 once used up).
    const multi = await createCoupon(server.app, admin.token, { code: 'SELFRACE', discountPercentage: 10 });
    const fan = await createUserWithToken(server.app);
    const mine = await Promise.all(Array.from({ length: 5 }, () => topUp(server.app, fan.token, { amount: 10, card: newCard(), couponCode: 'SELFRACE' })));
    expect(mine.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(mine.filter((r) => r.statusCode === 409)).toHaveLength(4);
    expect((await couponRow(multi._id)).usedCount).toBe(1);
    await expectLedgerSound(server.app);
  });
});

describe('POST /payment/retry/:id', () => {
  it('charges a failed top-up again; succeeded → 409; others → 404', async () => {
    const fan = await createUserWithToken(server.app);
    const bad = await addCard(server.app, fan.token, VISA_DECLINE);
    const good = await addCard(server.app, fan.token, VISA_OK);
    const failed = (await topUp(server.app, fan.token, { amount: 10, cardId: bad._id })).json().data;
    expect(failed.status).toBe('failed');
    const url = `/payment/retry/${failed._id}`;
    const sameCard = await server.app.inject({ method: 'POST', url, headers: { authorization: fan.token }, payload: {} });
    expect(sameCard.json().data).toMatchObject({ status: 'failed', failureReason: 'Your card was declined.' });
    const other = await createUserWithToken(server.app);
    expect((await server.app.inject({ method: 'POST', url, headers: { authorization: other.token }, payload: {} })).statusCode).toBe(404);
    const retried = await server.app.inject({ method: 'POST', url, headers: { authorization: fan.token }, payload: { cardId: good._id } });
    expect(retried.json().data).toMatchObject({ _id: failed._id, status: 'succeeded', failureReason: null, cardId: good._id });
    expect(await walletBalance(server.app, fan.user.id)).toBe(10);
    const twice = await server.app.inject({ method: 'POST', url, headers: { authorization: fan.token }, payload: {} });
    expect([twice.statusCode, twice.json().message]).toEqual([409, 'This payment has already succeeded']);
    const unsaved = (await topUp(server.app, fan.token, { amount: 10, card: newCard(VISA_DECLINE) })).json().data;
    const noCard = await server.app.inject({ method: 'POST', url: `/payment/retry/${unsaved._id}`, headers: { authorization: fan.token }, payload: {} });
    expect(noCard.statusCode).toBe(400);
    await expectLedgerSound(server.app);
  });
});

describe('saved cards', () => {
  it('adds, lists and deletes only my cards at the active gateway', async () => {
    const fan = await createUserWithToken(server.app);
    const other = await createUserWithToken(server.app);
    // The spec's URL on a fresh install: the sandbox answers as Stripe's test mode.
    const res = await server.app.inject({ method: 'POST', url: '/stripe/cards', headers: { authorization: fan.token }, payload: newCard('5555 5555 5555 4444') });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ gateway: 'sandbox', brand: 'Mastercard', last4: '4444', holderName: 'Pat Payer' });
    const id = res.json().data._id;
    // Clients of the previous release still post to /sandbox/cards.
    const legacy = await server.app.inject({ method: 'POST', url: '/sandbox/cards', headers: { authorization: fan.token }, payload: newCard() });
    expect(legacy.statusCode).toBe(200);
    expect((await server.app.inject({ method: 'DELETE', url: `/payment-cards/${legacy.json().data._id}`, headers: { authorization: fan.token } })).statusCode).toBe(200);
    expect((await server.app.inject({ method: 'POST', url: '/paypal/cards', headers: { authorization: fan.token }, payload: newCard() })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'POST', url: '/sandbox/cards', headers: { authorization: fan.token }, payload: newCard('1234567812345678') })).statusCode).toBe(400);
    const list = await server.app.inject({ method: 'GET', url: '/payment-cards', headers: { authorization: fan.token } });
    expect(list.json().data).toMatchObject({ total: 1, data: [{ _id: id }] });
    const otherList = await server.app.inject({ method: 'GET', url: '/payment-cards', headers: { authorization: other.token } });
    expect(otherList.json().data.total).toBe(0);
    expect((await server.app.inject({ method: 'DELETE', url: `/payment-cards/${id}`, headers: { authorization: other.token } })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'DELETE', url: `/payment-cards/${id}`, headers: { authorization: fan.token } })).statusCode).toBe(200);
    expect((await server.app.inject({ method: 'DELETE', url: `/payment-cards/${id}`, headers: { authorization: fan.token } })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: '/payment-cards', headers: { authorization: '' } })).statusCode).toBe(401);
  });
});

describe('payout accounts and the public gateway', () => {
  it('connects a creator once; fans get 403', async () => {
    const fan = await createUserWithToken(server.app);
    const creator = await createPerformerWithToken(server.app);
    expect((await server.app.inject({ method: 'POST', url: '/stripe/accounts', headers: { authorization: fan.token } })).statusCode).toBe(403);
    expect((await server.app.inject({ method: 'GET', url: '/payout-accounts/me', headers: { authorization: fan.token } })).statusCode).toBe(403);
    const before = await server.app.inject({ method: 'GET', url: '/payout-accounts/me', headers: { authorization: creator.token } });
    expect(before.json().data).toEqual({ gateway: 'sandbox', account: null });
    const first = await server.app.inject({ method: 'POST', url: '/stripe/accounts', headers: { authorization: creator.token } });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ gateway: 'sandbox', status: 'enabled' });
    const second = await server.app.inject({ method: 'POST', url: '/sandbox/accounts', headers: { authorization: creator.token } });
    expect(second.json().data.accountId).toBe(first.json().data.accountId);
    expect((await server.app.inject({ method: 'POST', url: '/paypal/accounts', headers: { authorization: creator.token } })).statusCode).toBe(404);
    const me = await server.app.inject({ method: 'GET', url: '/payout-accounts/me', headers: { authorization: creator.token } });
    expect(me.json().data.account).toMatchObject({ accountId: first.json().data.accountId, status: 'enabled' });
  });

  it("reports 'stripe' in test mode as the public gateway (spec 9) and gives the top-up options", async () => {
    const res = await server.app.inject({ method: 'GET', url: '/settings/public' });
    expect(res.json().data).toMatchObject({ paymentGateway: 'stripe', paymentTestMode: true });
    const picked = await server.app.inject({ method: 'POST', url: '/settings/keys', payload: { keys: ['paymentGateway', 'paymentTestMode'] } });
    expect(picked.json().data).toEqual({ paymentGateway: 'stripe', paymentTestMode: true });
    const fan = await createUserWithToken(server.app);
    const options = await server.app.inject({ method: 'GET', url: '/payment/wallet/top-up-options', headers: { authorization: fan.token } });
    expect(options.json().data).toEqual({ minimum: 2.95, maximum: 300, tokenConversionRate: 1, gateway: 'sandbox', publishableKey: null });
  });
});
