import { startTestServer, type TestServer } from '../../support/server';
import { allRows, createUserWithToken, tables } from '../../support/db';
import { expectLedgerSound, walletBalance } from '../../support/money';
import { addCard, newCard, topUp, VISA_DECLINE, VISA_NO_FUNDS, VISA_OK } from './payment-helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const ledgerCount = async () => (await allRows(server.app, tables.ledgerTransactions)).length;

describe('POST /payment/wallet/top-up', () => {
  it('credits the wallet for a 4242 card, once, through the ledger', async () => {
    const fan = await createUserWithToken(server.app);
    const res = await topUp(server.app, fan.token, { amount: 25.5, card: newCard(VISA_OK) });
    expect(res.statusCode).toBe(200);
    const payment = res.json().data;
    expect(payment).toMatchObject({ kind: 'top_up', gateway: 'sandbox', status: 'succeeded', totalPrice: 25.5, tokens: 25.5, failureReason: null, cardId: null });
    expect(await walletBalance(server.app, fan.user.id)).toBe(25.5);
    const [row] = (await allRows(server.app, tables.paymentTransactions)).filter((p) => p.id === payment._id);
    expect(row.ledgerTransactionId).toBeTruthy();
    expect(row.gatewayIntentId).toMatch(/^pi_sandbox_ok_/);
    await expectLedgerSound(server.app);

    const detail = await server.app.inject({ method: 'GET', url: `/payment/transactions/${payment._id}`, headers: { authorization: fan.token } });
    expect(detail.json().data).toMatchObject({ _id: payment._id, status: 'succeeded' });
  });

  it.each([
    [VISA_DECLINE, 'Your card was declined.'],
    [VISA_NO_FUNDS, 'Your card has insufficient funds.'],
  ])('records a failed payment for %s and credits nothing', async (number, reason) => {
    const fan = await createUserWithToken(server.app);
    const before = await ledgerCount();
    const res = await topUp(server.app, fan.token, { amount: 10, card: newCard(number) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'failed', failureReason: reason });
    expect(await walletBalance(server.app, fan.user.id)).toBe(0);
    expect(await ledgerCount()).toBe(before);
    await expectLedgerSound(server.app);
  });

  it('saves the card when asked and charges a saved card', async () => {
    const fan = await createUserWithToken(server.app);
    const first = await topUp(server.app, fan.token, { amount: 10, card: { ...newCard(), save: true } });
    const cardId = first.json().data.cardId;
    expect(first.json().data.cardLabel).toBe('Visa •••• 4242');
    const second = await topUp(server.app, fan.token, { amount: 5, cardId });
    expect(second.json().data).toMatchObject({ status: 'succeeded', cardId });
    expect(await walletBalance(server.app, fan.user.id)).toBe(15);
    const other = await createUserWithToken(server.app);
    const stolen = await topUp(server.app, other.token, { amount: 5, cardId });
    expect(stolen.statusCode).toBe(404);
  });

  it('refuses bad input with a 400 and amounts out of bounds with a 422, writing nothing', async () => {
    const fan = await createUserWithToken(server.app);
    const card = newCard();
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ amount: 10.555, card }, 400, /two decimals/],
      [{ amount: 0, card }, 400, /amount/],
      [{ amount: -5, card }, 400, /amount/],
      [{ amount: 'ten', card }, 400, /amount/],
      [{ amount: 10 }, 400, /saved cards or enter a new card/],
      [{ amount: 10, card: newCard('4242424242424241') }, 400, /The card number is not valid/],
      [{ amount: 10, card: newCard(VISA_OK, { expYear: 2020 }) }, 400, /expired/],
      [{ amount: 10, card: newCard(VISA_OK, { cvc: '1' }) }, 400, /cvc/],
      [{ amount: 2.94, card }, 422, /between 2\.95 and 300\.00 USD/],
      [{ amount: 300.01, card }, 422, /between 2\.95 and 300\.00 USD/],
      [{ amount: 10, card, couponCode: 'NOPE' }, 404, /Coupon not found/],
    ];
    const before = await allRows(server.app, tables.paymentTransactions);
    for (const [payload, status, message] of cases) {
      const res = await topUp(server.app, fan.token, payload);
      expect([JSON.stringify(payload), res.statusCode]).toEqual([JSON.stringify(payload), status]);
      expect(res.json().message).toMatch(message);
    }
    expect(await allRows(server.app, tables.paymentTransactions)).toHaveLength(before.length);
    expect((await allRows(server.app, tables.paymentCards)).filter((c) => c.userId === fan.user.id)).toHaveLength(0);
    expect(await walletBalance(server.app, fan.user.id)).toBe(0);
    const anonymous = await topUp(server.app, '', { amount: 10, card });
    expect(anonymous.statusCode).toBe(401);
  });

  it('converts at tokenConversionRate, rounded to the cent', async () => {
    await server.app.settings.set({ tokenConversionRate: 1.333 });
    try {
      const fan = await createUserWithToken(server.app);
      const res = await topUp(server.app, fan.token, { amount: 10.01, card: newCard() });
      expect(res.json().data).toMatchObject({ totalPrice: 10.01, tokens: 13.34 });
      expect(await walletBalance(server.app, fan.user.id)).toBe(13.34);
    } finally {
      await server.app.settings.set({ tokenConversionRate: 1 });
    }
  });

  it('with one Idempotency-Key, 50 concurrent requests make one payment and one ledger transaction', async () => {
    const fan = await createUserWithToken(server.app);
    const before = await ledgerCount();
    const results = await Promise.all(Array.from({ length: 50 }, () =>
      topUp(server.app, fan.token, { amount: 12, card: newCard() }, { 'idempotency-key': 'top-up-once' })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    expect(new Set(results.map((r) => r.json().data._id)).size).toBe(1);
    expect(await ledgerCount()).toBe(before + 1);
    expect(await walletBalance(server.app, fan.user.id)).toBe(12);
    await expectLedgerSound(server.app);
  });

  it('stores no card number anywhere', async () => {
    const fan = await createUserWithToken(server.app);
    await topUp(server.app, fan.token, { amount: 10, card: { ...newCard('4000 0000 0000 0002'), save: true } });
    await addCard(server.app, fan.token, '5555555555554444');
    await topUp(server.app, fan.token, { amount: 10, card: { ...newCard(VISA_OK), save: true } });
    const text = JSON.stringify(await Promise.all([
      allRows(server.app, tables.paymentCards), allRows(server.app, tables.paymentTransactions), allRows(server.app, tables.gatewayCustomers),
      allRows(server.app, tables.ledgerTransactions), allRows(server.app, tables.idempotencyKeys),
    ])).replace(/\s/g, '');
    for (const number of ['4000000000000002', '5555555555554444', VISA_OK, '424242424242', '555555555555']) expect(text).not.toContain(number);
  });

  it('never echoes a card number in an error answer', async () => {
    const fan = await createUserWithToken(server.app);
    const answers = await Promise.all([
      topUp(server.app, fan.token, { amount: 10, card: newCard('4242424242424241') }),
      topUp(server.app, fan.token, { amount: 10, card: newCard('42424242424242x1') }),
      topUp(server.app, fan.token, { amount: 10, card: { ...newCard('4242424242424241'), extra: 1 } }),
      topUp(server.app, fan.token, { amount: 1, card: newCard(VISA_OK) }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([400, 400, 400, 422]);
    for (const a of answers) expect(a.body).not.toMatch(/42424242/);
  });
});

describe('GET /payment/transactions/user/search', () => {
  it('lists only my payments, filtered and paged', async () => {
    const fan = await createUserWithToken(server.app);
    const other = await createUserWithToken(server.app);
    await topUp(server.app, fan.token, { amount: 10, card: newCard() });
    await topUp(server.app, fan.token, { amount: 11, card: newCard(VISA_DECLINE) });
    await topUp(server.app, fan.token, { amount: 12, card: newCard() });
    await topUp(server.app, other.token, { amount: 13, card: newCard() });
    const all = await server.app.inject({ method: 'GET', url: '/payment/transactions/user/search?limit=2', headers: { authorization: fan.token } });
    expect(all.json().data.total).toBe(3);
    expect(all.json().data.data.map((p: { totalPrice: number }) => p.totalPrice)).toEqual([12, 11]);
    const failed = await server.app.inject({ method: 'GET', url: '/payment/transactions/user/search?status=failed', headers: { authorization: fan.token } });
    expect(failed.json().data).toMatchObject({ total: 1, data: [{ totalPrice: 11, status: 'failed' }] });
    const bad = await server.app.inject({ method: 'GET', url: '/payment/transactions/user/search?status=weird', headers: { authorization: fan.token } });
    expect(bad.statusCode).toBe(400);
    const mine = all.json().data.data[0]._id;
    const peek = await server.app.inject({ method: 'GET', url: `/payment/transactions/${mine}`, headers: { authorization: other.token } });
    expect(peek.statusCode).toBe(404);
    const junk = await server.app.inject({ method: 'GET', url: '/payment/transactions/not-a-uuid', headers: { authorization: other.token } });
    expect(junk.statusCode).toBe(400);
  });
});
