import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { allRows, createPerformerWithToken, createUserWithToken, tables } from '../../support/db';
import { expectLedgerSound, fundWallet } from '../../support/money';
import { startTestServer, type TestServer } from '../../support/server';
import { createItem } from '../wallet-charges/charge-helpers';
import { as, ok, type Account } from './money-helpers';
import { parseCsv } from '../../support/csv';

jest.setTimeout(180_000);

let server: TestServer;
let app: FastifyInstance;
let admin: Account;
let dana: Account;
let eli: Account;
let aurora: Account;
let blake: Account;
const ids: Record<string, string> = {};


beforeAll(async () => {
  server = await startTestServer();
  app = server.app;
  const tag = crypto.randomBytes(3).toString('hex');
  admin = await createUserWithToken(app, { role: 'admin' });
  dana = await createUserWithToken(app, { name: 'Dana "D" Fan', username: `dana_${tag}` });
  eli = await createUserWithToken(app, { name: '=cmd|calc', username: `eli_${tag}` });
  aurora = await createPerformerWithToken(app, { name: 'Aurora Lane', username: `aurora_${tag}` });
  blake = await createPerformerWithToken(app, { name: 'Blake', username: `blake_${tag}` });
  await fundWallet(app, dana.user.id, 100);
  await fundWallet(app, eli.user.id, 50);
  // Dana tips Aurora with a message a CSV must quote; buys a video from Blake; Eli tips Blake.
  ids.tip = (await ok<{ transactionId: string }>(as(app, dana, 'POST', `/wallet/charges/tip/${aurora.user.id}`, { amount: 12.5, message: 'Great show, "really",\nthanks' }))).transactionId;
  const video = await createItem(app, 'video', blake.user.id, 'sale', 7.35);
  ids.video = (await ok<{ transactionId: string }>(as(app, dana, 'POST', `/wallet/charges/video/${video}`))).transactionId;
  ids.eliTip = (await ok<{ transactionId: string }>(as(app, eli, 'POST', `/wallet/charges/tip/${blake.user.id}`, { amount: 10, message: '@SUM(A1:A2)' }))).transactionId;
  ids.refund = (await ok<{ refund: { _id: string } }>(as(app, admin, 'POST', `/admin/transactions/${ids.video}/refund`, { reason: 'did not play' }))).refund._id;
  // Spread over days so the date filters have something to cut: the top-ups a year ago.
  await app.db.execute(sql`update ledger_transactions set created_at = now() - interval '365 days' where kind = 'top_up'`);
});
afterAll(() => server.close());

const list = (query = '', who: Account = admin) => as(app, who, 'GET', `/admin/transactions${query}`);
const listed = async (query = '') => ok<{ data: { _id: string; kind: string }[]; total: number }>(list(query));

describe('GET /admin/transactions', () => {
  it('lists every transaction across users, newest first, with both parties, shares and refund state', async () => {
    const page = await listed('?limit=100');
    expect(page.total).toBe(6);
    expect(page.data.map((t) => t.kind)).toEqual(['refund', 'tip', 'video', 'tip', 'top_up', 'top_up']);
    const byId = new Map(page.data.map((t) => [t._id, t]));
    expect(byId.get(ids.tip)).toMatchObject({
      kind: 'tip', gross: 12.5, commission: 2.5, net: 10, message: 'Great show, "really",\nthanks', refunded: false, refundable: true,
      refundTransactionId: null, reversesId: null,
      user: expect.objectContaining({ _id: dana.user.id, name: 'Dana "D" Fan' }), performer: expect.objectContaining({ _id: aurora.user.id }),
    });
    // Commission rounds half up to the cent: 20 % of 7.35 is 1.47.
    expect(byId.get(ids.video)).toMatchObject({ gross: 7.35, commission: 1.47, net: 5.88, refunded: true, refundable: false, refundTransactionId: ids.refund });
    expect(byId.get(ids.refund)).toMatchObject({ kind: 'refund', reversesId: ids.video, message: 'did not play', net: 5.88, refundable: false });
    const topUp = page.data.find((t) => t.kind === 'top_up');
    expect(topUp).toMatchObject({ net: null, performer: null, refundable: false });
  });

  it('filters by kind, payer, creator (id or username), dates and status, and pages', async () => {
    expect((await listed('?kind=tip')).data.map((t) => t._id)).toEqual([ids.eliTip, ids.tip]);
    expect((await listed(`?userId=${dana.user.id}`)).total).toBe(4);
    expect((await listed(`?userId=${dana.user.username!.toUpperCase()}&kind=tip`)).data.map((t) => t._id)).toEqual([ids.tip]);
    expect((await listed(`?performerId=@${blake.user.username}`)).data.map((t) => t._id)).toEqual([ids.refund, ids.eliTip, ids.video]);
    expect((await listed('?status=refunded')).data.map((t) => t._id)).toEqual([ids.video]);
    expect((await listed('?status=completed')).total).toBe(5);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect((await listed(`?fromDate=${yesterday}`)).total).toBe(4);
    expect((await listed(`?toDate=${yesterday}`)).data.map((t) => t.kind)).toEqual(['top_up', 'top_up']);
    const first = await listed('?limit=4');
    const second = await listed('?limit=4&offset=4');
    expect([first.data.length, second.data.length, first.total]).toEqual([4, 2, 6]);
    expect(new Set([...first.data, ...second.data].map((t) => t._id)).size).toBe(6);
  });

  it('answers bad filters with a 400 naming the field', async () => {
    const cases: [string, number, string][] = [
      ['?userId=nobody_here', 400, 'No account has the id or username “nobody_here”'],
      [`?performerId=${crypto.randomUUID()}`, 400, expect.stringMatching(/^No account has the id or username/) as unknown as string],
      ['?fromDate=2026-99-99', 400, 'fromDate must be an ISO date'],
      ['?fromDate=2026-03-02&toDate=2026-03-01', 400, 'fromDate must not be after toDate'],
      ['?kind=gift', 400, expect.stringMatching(/^kind must be one of/) as unknown as string],
      ['?status=lost', 400, expect.stringMatching(/^status must be one of/) as unknown as string],
      ['?limit=101', 400, expect.any(String) as unknown as string],
      ['?color=red', 400, 'color is not allowed'],
    ];
    for (const [query, status, message] of cases) {
      const res = await list(query);
      expect({ query, status: res.statusCode, message: res.json().message }).toEqual({ query, status, message });
    }
    const named = await list('?userId=nobody_here');
    expect(named.json().details).toEqual([{ field: 'userId', message: 'No account has the id or username “nobody_here”' }]);
  });

  it('is for operators only', async () => {
    expect((await list('', dana)).statusCode).toBe(403);
    expect((await list('', aurora)).statusCode).toBe(403);
  });
});

describe('GET /admin/transactions/export', () => {
  const exportCsv = (query = '', who: Account = admin) => as(app, who, 'GET', `/admin/transactions/export${query}`);

  it('answers the selection as an RFC 4180 CSV download with a header row and two-decimal amounts', async () => {
    const res = await exportCsv('?performerId=' + blake.user.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="transactions-\d{8}-\d{6}\.csv"$/);
    expect(res.headers['x-export-rows']).toBe('3');
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual([
      'id', 'created_at', 'kind', 'status', 'payer_id', 'payer_username', 'payer_name', 'creator_id', 'creator_username', 'creator_name',
      'gross', 'commission', 'net', 'description', 'message', 'object_type', 'object_id', 'refund_transaction_id', 'reverses_id',
    ]);
    expect(rows.slice(1).map((r) => [r[0], r[2], r[3], r[10], r[11], r[12]])).toEqual([
      [ids.refund, 'refund', 'completed', '7.35', '1.47', '5.88'],
      [ids.eliTip, 'tip', 'completed', '10.00', '2.00', '8.00'],
      [ids.video, 'video', 'refunded', '7.35', '1.47', '5.88'],
    ]);
    expect(rows[3]![17]).toBe(ids.refund);
    expect(rows[1]![18]).toBe(ids.video);
  });

  it('quotes commas, quotes and line breaks, and defuses text a spreadsheet would run as a formula', async () => {
    const res = await exportCsv(`?kind=tip`);
    expect(res.body).toContain('"Dana ""D"" Fan"');
    expect(res.body).toContain('"Great show, ""really"",\nthanks"');
    const rows = parseCsv(res.body);
    const dana = rows.find((r) => r[0] === ids.tip)!;
    expect([dana[6], dana[14], dana[10]]).toEqual(['Dana "D" Fan', 'Great show, "really",\nthanks', '12.50']);
    const eliRow = rows.find((r) => r[0] === ids.eliTip)!;
    expect([eliRow[6], eliRow[14]]).toEqual(["'=cmd|calc", "'@SUM(A1:A2)"]);
    expect(rows).toHaveLength(3);
  });

  it('is an empty file with its header when nothing matches, and refuses bad filters like the list', async () => {
    const empty = await exportCsv('?kind=payout_paid');
    expect(parseCsv(empty.body)).toHaveLength(1);
    expect(empty.headers['x-export-rows']).toBe('0');
    const bad = await exportCsv('?toDate=not-a-date');
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'toDate must be an ISO date']);
    expect((await exportCsv('', dana)).statusCode).toBe(403);
  });

  it(`refuses with 422 a selection larger than an export holds, and says how many matched`, async () => {
    // 50 001 bare transaction rows of a kind nothing else uses; removed again afterwards.
    await app.db.execute(sql`insert into ledger_transactions (kind, gross_cents, description)
      select 'payout_cancelled', 1, 'bulk test row' from generate_series(1, 50001)`);
    try {
      const res = await exportCsv('?kind=payout_cancelled');
      expect([res.statusCode, res.json().message]).toEqual([422, '50,001 transactions match: an export holds at most 50,000. Narrow the dates or other filters.']);
      const list = await listed('?kind=payout_cancelled&limit=1');
      expect(list.total).toBe(50_001);
    } finally {
      await app.db.execute(sql`delete from ledger_transactions where description = 'bulk test row'`);
    }
    expect((await allRows(app, tables.ledgerTransactions)).length).toBe(6);
    await expectLedgerSound(app);
  });
});
