import { allRows, createPerformerWithToken, createUserWithToken, tables } from '../../support/db';
import { balanceOf, expectLedgerSound } from '../../support/money';
import { startTestServer, type TestServer } from '../../support/server';
import { earningsOf, reserveOf } from '../../../src/server/modules/ledger/ledger.repository';
import { addBanking, sell } from './payout-fixtures';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(() => server.close());

type Account = { user: { id: string }; token: string };
const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: Account | null, payload?: unknown, headers: Record<string, string> = {}) =>
  server.app.inject({ method, url, payload: payload as never, headers: { ...(who ? { authorization: who.token } : {}), ...headers } });

const balances = async (id: string) => ({
  available: await balanceOf(server.app, earningsOf(id)),
  reserved: await balanceOf(server.app, reserveOf(id)),
});
const requestsOf = async (id: string) => (await allRows(server.app, tables.payoutRequests)).filter((r) => r.performerId === id);
const ledgerOf = async (requestId: string) => (await allRows(server.app, tables.ledgerTransactions)).filter((t) => t.objectId === requestId);

/** A creator with 80 tokens of earnings (100 sold at the default 20 % commission) and bank details. */
async function earningCreator(gross = 100) {
  const creator = await createPerformerWithToken(server.app);
  await sell(server.app, creator.user.id, gross);
  await addBanking(server.app, creator.token);
  return creator;
}

describe('calculate and pending review', () => {
  it('explains why a creator cannot ask yet, then allows it', async () => {
    const creator = await createPerformerWithToken(server.app);
    let res = await call('POST', '/payout-requests/calculate', creator);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ available: 0, minimum: 50, canRequest: false, methods: [], reason: 'You need at least 50.00 tokens of available earnings to ask for a payout' });
    await sell(server.app, creator.user.id, 100);
    res = await call('POST', '/payout-requests/calculate', creator);
    expect(res.json().data).toMatchObject({ available: 80, canRequest: false, methods: [], reason: expect.stringMatching(/Set up how you want to be paid/) });
    await addBanking(server.app, creator.token);
    res = await call('POST', '/payout-requests/calculate', creator);
    expect(res.json().data).toEqual({ available: 80, minimum: 50, canRequest: true, methods: ['banking'] });
    res = await call('GET', '/payout-requests/check/pending-review', creator);
    expect(res.json()).toEqual({ data: { pending: false } });
  });
});

describe('requesting a payout', () => {
  it('refuses bad amounts and unsupported methods with nothing written', async () => {
    const creator = await earningCreator();
    const cases: [unknown, number, RegExp][] = [
      [{ amount: 50.123, method: 'banking' }, 400, /at most two decimals/],
      [{ amount: 0, method: 'banking' }, 400, /positive/],
      [{ amount: -60, method: 'banking' }, 400, /positive/],
      [{ amount: 'lots', method: 'banking' }, 400, /amount/],
      [{ amount: 60, method: 'cheque' }, 400, /method/],
      [{ amount: 60 }, 400, /method/],
      [{ amount: 49.99, method: 'banking' }, 422, /^The minimum payout is 50\.00 tokens$/],
      [{ amount: 80.01, method: 'banking' }, 422, /^You can request at most 80\.00 tokens$/],
      [{ amount: 60, method: 'paypal' }, 422, /PayPal email/],
      [{ amount: 60, method: 'sandbox' }, 422, /sandbox payout account/],
    ];
    for (const [body, status, message] of cases) {
      const res = await call('POST', '/payout-requests', creator, body);
      expect({ body, status: res.statusCode }).toEqual({ body, status });
      expect(res.json().message).toMatch(message);
    }
    expect(await requestsOf(creator.user.id)).toHaveLength(0);
    expect(await balances(creator.user.id)).toEqual({ available: 80, reserved: 0 });
    await expectLedgerSound(server.app);
  });

  it('reserves the amount at once, allows one pending request, and lists it', async () => {
    const creator = await earningCreator();
    const res = await call('POST', '/payout-requests', creator, { amount: 60.5, method: 'banking', note: '  next week please ' });
    expect(res.statusCode).toBe(200);
    const request = res.json().data;
    expect(request).toMatchObject({ amount: 60.5, method: 'banking', status: 'pending', requestNote: 'next week please', adminNote: '', decidedAt: null });
    expect(await balances(creator.user.id)).toEqual({ available: 19.5, reserved: 60.5 });

    const again = await call('POST', '/payout-requests', creator, { amount: 50, method: 'banking' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You already have a payout request waiting for review');

    expect((await call('GET', '/payout-requests/check/pending-review', creator)).json().data).toMatchObject({ pending: true, request: { _id: request._id } });
    expect((await call('POST', '/payout-requests/calculate', creator)).json().data).toMatchObject({ available: 19.5, canRequest: false, pendingRequest: { _id: request._id } });
    const list = (await call('GET', '/payout-requests/search?status=pending', creator)).json().data;
    expect(list.total).toBe(1);
    expect(list.data[0]._id).toBe(request._id);
    expect((await call('GET', '/payout-requests/search?status=paid', creator)).json().data.total).toBe(0);
    expect((await call('GET', `/payout-requests/${request._id}/view`, creator)).json().data).toMatchObject({ _id: request._id, performer: { _id: creator.user.id } });
    await expectLedgerSound(server.app);
  });

  it('changes the amount by posting the difference, and cancelling returns the reserve', async () => {
    const creator = await earningCreator();
    const { _id: id } = (await call('POST', '/payout-requests', creator, { amount: 60, method: 'banking' })).json().data;
    const put = (body: unknown) => call('PUT', `/payout-requests/${id}`, creator, body);

    let res = await put({ amount: 70, note: 'a bit more' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ amount: 70, requestNote: 'a bit more', status: 'pending' });
    expect(await balances(creator.user.id)).toEqual({ available: 10, reserved: 70 });

    res = await put({ amount: 80.01 });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('You can request at most 80.00 tokens');
    expect((await put({ amount: 20 })).statusCode).toBe(422);
    expect((await put({ amount: 55.555 })).statusCode).toBe(400);
    expect((await put({})).statusCode).toBe(400);
    expect((await put({ status: 'cancelled', amount: 60 })).statusCode).toBe(400);
    expect((await put({ method: 'paypal' })).statusCode).toBe(422);
    expect(await balances(creator.user.id)).toEqual({ available: 10, reserved: 70 });

    res = await put({ amount: 55 });
    expect(res.json().data.amount).toBe(55);
    expect(await balances(creator.user.id)).toEqual({ available: 25, reserved: 55 });
    // Reserve 60, raise 10, lower 15: three postings, none edited.
    expect((await ledgerOf(id)).map((t) => [t.kind, t.grossCents])).toEqual(expect.arrayContaining([
      ['payout_request', 6000], ['payout_request', 1000], ['payout_cancelled', 1500],
    ]));

    res = await put({ status: 'cancelled' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'cancelled', amount: 55 });
    expect(await balances(creator.user.id)).toEqual({ available: 80, reserved: 0 });
    expect((await put({ status: 'cancelled' })).json()).toMatchObject({ statusCode: 409, message: 'This payout request is already cancelled' });
    expect((await put({ amount: 60 })).statusCode).toBe(409);
    expect(await balances(creator.user.id)).toEqual({ available: 80, reserved: 0 });
    // A new request is possible once nothing is pending.
    expect((await call('POST', '/payout-requests', creator, { amount: 80, method: 'banking' })).statusCode).toBe(200);
    await expectLedgerSound(server.app);
  });

  it('replays an Idempotency-Key instead of asking twice', async () => {
    const creator = await earningCreator();
    const headers = { 'idempotency-key': 'payout-1' };
    const [a, b] = await Promise.all([
      call('POST', '/payout-requests', creator, { amount: 50, method: 'banking' }, headers),
      call('POST', '/payout-requests', creator, { amount: 50, method: 'banking' }, headers),
    ]);
    expect(a.statusCode).toBe(200);
    expect(b.body).toBe(a.body);
    expect(await requestsOf(creator.user.id)).toHaveLength(1);
    expect(await balances(creator.user.id)).toEqual({ available: 30, reserved: 50 });
  });
});

describe('who may do what', () => {
  it('keeps requests to their creator, creator routes to creators and admin routes to operators', async () => {
    const creator = await earningCreator();
    const other = await earningCreator();
    const fan = await createUserWithToken(server.app);
    const { _id: id } = (await call('POST', '/payout-requests', creator, { amount: 50, method: 'banking' })).json().data;

    expect((await call('GET', `/payout-requests/${id}/view`, other)).statusCode).toBe(404);
    expect((await call('PUT', `/payout-requests/${id}`, other, { amount: 60 })).statusCode).toBe(404);
    expect((await call('PUT', `/payout-requests/${id}`, other, { status: 'cancelled' })).statusCode).toBe(404);
    expect((await call('GET', '/payout-requests/view-not-a-uuid/view', other)).statusCode).toBe(400);
    expect((await call('GET', '/payout-requests/search', other)).json().data.total).toBe(0);

    for (const [method, url, body] of [
      ['POST', '/payout-requests/calculate', undefined], ['POST', '/payout-requests', { amount: 50, method: 'banking' }],
      ['GET', '/payout-requests/search', undefined], ['GET', `/payout-requests/${id}/view`, undefined],
      ['PUT', `/payout-requests/${id}`, { status: 'cancelled' }], ['GET', '/payout-requests/check/pending-review', undefined],
    ] as const) {
      expect({ url, status: (await call(method, url, fan, body)).statusCode }).toEqual({ url, status: 403 });
    }
    for (const who of [fan, creator]) {
      expect((await call('GET', '/admin/payout-requests/search', who)).statusCode).toBe(403);
      expect((await call('POST', `/admin/payout-requests/${id}/approve`, who, {})).statusCode).toBe(403);
      expect((await call('POST', `/admin/payout-requests/${id}/reject`, who, { note: 'no' })).statusCode).toBe(403);
    }
    expect((await call('GET', '/payout-requests/search', null)).statusCode).toBe(401);
    expect((await requestsOf(creator.user.id))[0]).toMatchObject({ status: 'pending', amountCents: 5000 });
    expect(await balances(creator.user.id)).toEqual({ available: 30, reserved: 50 });
  });
});

describe('operators deciding', () => {
  it('approves: the reserve leaves the platform, paid by hand, once', async () => {
    const creator = await earningCreator();
    const admin = await createUserWithToken(server.app, { role: 'admin' });
    const { _id: id } = (await call('POST', '/payout-requests', creator, { amount: 60, method: 'banking' })).json().data;

    const listed = (await call('GET', `/admin/payout-requests/search?status=pending&performerId=${creator.user.id}`, admin)).json().data;
    expect(listed).toMatchObject({ total: 1, data: [{ _id: id, performer: { _id: creator.user.id }, amount: 60 }] });
    expect((await call('GET', `/payout-requests/${id}/view`, admin)).statusCode).toBe(200);

    const res = await call('POST', `/admin/payout-requests/${id}/approve`, admin, { note: 'Sent by SEPA' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'paid', adminNote: 'Sent by SEPA', gatewayTransferId: null, decidedAt: expect.any(String) });
    expect(await balances(creator.user.id)).toEqual({ available: 20, reserved: 0 });
    const stats = (await call('GET', '/performer/earning/stats', creator)).json().data;
    expect(stats.balances).toEqual({ available: 20, reserved: 0, paidOut: 60 });

    expect((await call('POST', `/admin/payout-requests/${id}/approve`, admin, {})).json()).toMatchObject({ statusCode: 409, message: 'This payout request is already paid out' });
    expect((await call('POST', `/admin/payout-requests/${id}/reject`, admin, { note: 'oops' })).statusCode).toBe(409);
    expect((await call('PUT', `/payout-requests/${id}`, creator, { status: 'cancelled' })).statusCode).toBe(409);
    expect((await call('POST', '/admin/payout-requests/00000000-0000-4000-8000-000000000000/approve', admin, {})).statusCode).toBe(404);
    expect((await ledgerOf(id)).filter((t) => t.kind === 'payout_paid')).toHaveLength(1);
    await expectLedgerSound(server.app);
  });

  it('rejects with a required note and returns the reserve to earnings', async () => {
    const creator = await earningCreator();
    const admin = await createUserWithToken(server.app, { role: 'admin' });
    const { _id: id } = (await call('POST', '/payout-requests', creator, { amount: 60, method: 'banking' })).json().data;
    expect((await call('POST', `/admin/payout-requests/${id}/reject`, admin, {})).statusCode).toBe(400);
    const blank = await call('POST', `/admin/payout-requests/${id}/reject`, admin, { note: '   ' });
    expect(blank.json()).toMatchObject({ statusCode: 400, message: 'Give the creator a reason for the rejection' });
    expect(await balances(creator.user.id)).toEqual({ available: 20, reserved: 60 });

    const res = await call('POST', `/admin/payout-requests/${id}/reject`, admin, { note: 'Bank details do not match your name' });
    expect(res.json().data).toMatchObject({ status: 'rejected', adminNote: 'Bank details do not match your name' });
    expect(await balances(creator.user.id)).toEqual({ available: 80, reserved: 0 });
    expect((await call('GET', `/payout-requests/${id}/view`, creator)).json().data.status).toBe('rejected');
    await expectLedgerSound(server.app);
  });
});

describe('concurrency', () => {
  it('20 concurrent requests for the whole balance: exactly one reserves it', async () => {
    const creator = await earningCreator(125);
    const results = await Promise.all(Array.from({ length: 20 }, () => call('POST', '/payout-requests', creator, { amount: 100, method: 'banking' })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.every((r) => [200, 409, 422].includes(r.statusCode))).toBe(true);
    expect(await requestsOf(creator.user.id)).toHaveLength(1);
    expect(await balances(creator.user.id)).toEqual({ available: 0, reserved: 100 });
    await expectLedgerSound(server.app);
  });

  it('20 concurrent small requests that each fit: still one pending request', async () => {
    const creator = await earningCreator(1500);
    const results = await Promise.all(Array.from({ length: 20 }, () => call('POST', '/payout-requests', creator, { amount: 50, method: 'banking' })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(19);
    expect(await balances(creator.user.id)).toEqual({ available: 1150, reserved: 50 });
    await expectLedgerSound(server.app);
  });

  it('two operators approving at once pay once; approve racing a cancel settles once', async () => {
    const creator = await earningCreator();
    const admins = [await createUserWithToken(server.app, { role: 'admin' }), await createUserWithToken(server.app, { role: 'admin' })];
    const { _id: id } = (await call('POST', '/payout-requests', creator, { amount: 60, method: 'banking' })).json().data;
    const results = await Promise.all(admins.map((a) => call('POST', `/admin/payout-requests/${id}/approve`, a, {})));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await ledgerOf(id)).filter((t) => t.kind === 'payout_paid')).toHaveLength(1);
    expect(await balances(creator.user.id)).toEqual({ available: 20, reserved: 0 });

    const second = await earningCreator();
    const { _id: id2 } = (await call('POST', '/payout-requests', second, { amount: 60, method: 'banking' })).json().data;
    const raced = await Promise.all([
      call('POST', `/admin/payout-requests/${id2}/approve`, admins[0]!, {}),
      call('PUT', `/payout-requests/${id2}`, second, { status: 'cancelled' }),
    ]);
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await ledgerOf(id2)).filter((t) => t.kind !== 'payout_request')).toHaveLength(1);
    const reserved = await balances(second.user.id);
    expect(reserved.reserved).toBe(0);
    await expectLedgerSound(server.app);
  });
});
