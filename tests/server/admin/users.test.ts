import { eq } from 'drizzle-orm';
import type { AdminUser, AdminUserDetail } from '../../../src/common/contract/admin-users';
import { createPerformerWithToken, createUser, createUserWithToken, tables } from '../../support/db';
import { fundWallet } from '../../support/money';
import { startTestServer, type TestServer } from '../../support/server';
import { as, newOperator } from './users-helpers';

let server: TestServer;
let op: Awaited<ReturnType<typeof createUserWithToken>>;
const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 12, minutes));

beforeAll(async () => {
  server = await startTestServer();
  op = await newOperator(server.app, 'ops_list');
  // The operator was created "now"; the rest at fixed times so the orders are known.
  await createUser(server.app, { name: 'Alice Zebra', username: 'alice_z', email: 'alice@list.test', createdAt: at(1), updatedAt: at(9) });
  await createUser(server.app, { name: 'Bob Stone', username: 'bob_s', email: 'zebra-fan@list.test', createdAt: at(2), updatedAt: at(8) });
  await createUser(server.app, { name: '100% Carla', username: 'carla_c', email: 'carla@list.test', createdAt: at(3), updatedAt: at(7), status: 'suspended', suspendedReason: 'Spam' });
  await createPerformerWithToken(server.app, { name: 'Dora Creator', username: 'dora_c', email: 'dora@list.test', createdAt: at(4), updatedAt: at(6) }, { verificationStatus: 'pending', country: 'FR' });
  await createUser(server.app, { name: 'Eve Quiet', username: 'eve_q', email: 'eve@list.test', createdAt: at(5), updatedAt: at(5), status: 'inactive' });
});
afterAll(() => server.close());

async function list(query = '') {
  const res = await as(server.app, op.token, 'GET', `/admin/users${query}`);
  expect(res.statusCode).toBe(200);
  return res.json().data as { data: AdminUser[]; total: number };
}
const names = (page: { data: AdminUser[] }) => page.data.map((u) => u.username);

describe('GET /admin/users', () => {
  it('lists every account newest first with the console fields', async () => {
    const page = await list();
    expect(page.total).toBe(6);
    expect(names(page)).toEqual([op.user.username, 'eve_q', 'dora_c', 'carla_c', 'bob_s', 'alice_z']);
    const carla = page.data.find((u) => u.username === 'carla_c')!;
    expect(carla).toEqual({
      _id: expect.any(String), name: '100% Carla', username: 'carla_c', email: 'carla@list.test', avatar: expect.stringContaining('avatar-placeholder'),
      role: 'user', status: 'suspended', suspendedReason: 'Spam', suspendedUntil: null, emailVerified: false, verificationStatus: null,
      createdAt: at(3).toISOString(),
    });
    expect(page.data.find((u) => u.username === 'dora_c')).toMatchObject({ role: 'performer', verificationStatus: 'pending' });
    expect(page.data.find((u) => u.username === op.user.username)).toMatchObject({ role: 'admin', verificationStatus: null });
  });

  it('searches name, username and email without case, with % and _ taken literally', async () => {
    expect(names(await list('?q=ZEBRA'))).toEqual(['bob_s', 'alice_z']);
    expect(names(await list('?q=dora_'))).toEqual(['dora_c']);
    expect(names(await list('?q=%40list.test'))).toHaveLength(5);
    expect(names(await list(`?q=${encodeURIComponent('100%')}`))).toEqual(['carla_c']);
    expect(names(await list(`?q=${encodeURIComponent('%')}`))).toEqual(['carla_c']);
    expect(names(await list('?q=_c'))).toEqual(['dora_c', 'carla_c']);
    expect((await list('?q=nobody-here')).total).toBe(0);
    expect((await list('?q=%20%20')).total).toBe(6);
  });

  it('filters by role and status, alone and together with the search', async () => {
    expect(names(await list('?role=performer'))).toEqual(['dora_c']);
    expect(names(await list('?role=admin'))).toEqual([op.user.username]);
    expect((await list('?role=user')).total).toBe(4);
    expect(names(await list('?status=suspended'))).toEqual(['carla_c']);
    expect(names(await list('?status=inactive'))).toEqual(['eve_q']);
    expect((await list('?status=active')).total).toBe(4);
    expect(names(await list('?role=user&status=active&q=list.test'))).toEqual(['bob_s', 'alice_z']);
  });

  it('pages with offset and limit, and sorts by each column both ways', async () => {
    const first = await list('?limit=2');
    const second = await list('?limit=2&offset=2');
    const last = await list('?limit=2&offset=4');
    expect(first.total).toBe(6);
    expect([...names(first), ...names(second), ...names(last)]).toEqual(names(await list()));
    expect((await list('?offset=10')).data).toEqual([]);
    expect(names(await list('?sortBy=createdAt&sort=asc&limit=2'))).toEqual(['alice_z', 'bob_s']);
    expect(names(await list('?sortBy=updatedAt&sort=asc&q=list.test'))).toEqual(['eve_q', 'dora_c', 'carla_c', 'bob_s', 'alice_z']);
    expect(names(await list('?sortBy=name&sort=asc&q=list.test'))).toEqual(['carla_c', 'alice_z', 'bob_s', 'dora_c', 'eve_q']);
    expect(names(await list('?sortBy=username&sort=desc&q=list.test'))).toEqual(['eve_q', 'dora_c', 'carla_c', 'bob_s', 'alice_z']);
  });

  it('refuses unknown filters, sorts and out-of-range paging with 400 naming the field', async () => {
    for (const [query, field] of [
      ['?role=owner', 'role'], ['?status=banned', 'status'], ['?sortBy=email', 'sortBy'], ['?sort=up', 'sort'],
      ['?limit=101', 'limit'], ['?offset=-1', 'offset'], [`?q=${'x'.repeat(101)}`, 'q'], ['?colour=red', 'colour'],
    ]) {
      const res = await as(server.app, op.token, 'GET', `/admin/users${query}`);
      expect({ query, status: res.statusCode, fields: res.json().details?.map((d: { field: string }) => d.field) }).toEqual({ query, status: 400, fields: [field] });
    }
  });
});

describe('GET /admin/users/:id', () => {
  let fan: Awaited<ReturnType<typeof createUserWithToken>>;
  let creator: Awaited<ReturnType<typeof createPerformerWithToken>>;
  let detailOf: (id: string) => Promise<AdminUserDetail>;

  beforeAll(async () => {
    detailOf = async (id) => {
      const res = await as(server.app, op.token, 'GET', `/admin/users/${id}`);
      expect(res.statusCode).toBe(200);
      return res.json().data;
    };
    fan = await createUserWithToken(server.app, { name: 'Judged Fan', username: 'judged_fan', emailVerified: true });
    await server.app.tokens.issue(fan.user.id, false); // a second device
    const revoked = await server.app.tokens.issue(fan.user.id, false);
    await server.app.tokens.revoke(revoked.sessionId);
    creator = await createPerformerWithToken(server.app, { name: 'Judged Creator', username: 'judged_creator' }, { country: 'DE', isFreeSubscription: true });

    // As a fan: a tip, a free subscription; as the target of reports: a comment of theirs reported.
    await fundWallet(server.app, fan.user.id, 50);
    const tip = await as(server.app, fan.token, 'POST', `/wallet/charges/tip/${creator.user.id}`, { amount: 12.5 });
    expect(tip.statusCode).toBe(200);
    const sub = await as(server.app, fan.token, 'POST', '/payment/subscribe/performers', { performerId: creator.user.id, type: 'free' });
    expect(sub.statusCode).toBe(200);
    const post = await as(server.app, creator.token, 'POST', '/performer/feeds', { access: 'free', text: 'Hello fans' });
    expect(post.statusCode).toBe(200);
    const comment = await as(server.app, fan.token, 'POST', '/comments', { objectType: 'feed', objectId: post.json().data._id, text: 'Rude words' });
    expect(comment.statusCode).toBe(200);
    const reporter = await createUserWithToken(server.app, { username: 'the_reporter' });
    expect((await as(server.app, reporter.token, 'POST', '/reports', { targetType: 'comment', targetId: comment.json().data._id, reason: 'harassment', text: 'mean' })).statusCode).toBe(200);
    expect((await as(server.app, reporter.token, 'POST', '/reports', { targetType: 'performer', targetId: creator.user.id, reason: 'scam' })).statusCode).toBe(200);
    expect((await as(server.app, op.token, 'POST', `/admin/users/${fan.user.id}/warnings`, { reason: 'Be kind in comments' })).statusCode).toBe(200);
  });

  it('shows a fan: profile, wallet, live sessions, subscriptions, purchases, reports and warnings', async () => {
    const d = await detailOf(fan.user.id);
    expect(d.user).toMatchObject({ _id: fan.user.id, username: 'judged_fan', role: 'user', status: 'active', emailVerified: true, country: null, verificationStatus: null, suspendedAt: null });
    expect(d.user.cover).toContain('cover-placeholder');
    expect(d.wallet).toEqual({ balance: 37.5 });
    expect(d.earnings).toBeNull();
    expect(d.subscribers).toBeNull();
    expect(d.liveSessions).toBe(2);
    expect(d.subscriptions.total).toBe(1);
    expect(d.subscriptions.data[0]).toMatchObject({ type: 'free', status: 'active', performer: { _id: creator.user.id, username: 'judged_creator' }, hasAccess: true });
    expect(d.purchases).toMatchObject({ total: 1, data: [{ type: 'tip', amount: 12.5, performer: { _id: creator.user.id } }] });
    expect(d.reports).toMatchObject({ total: 1, data: [{ targetType: 'comment', reason: 'harassment', text: 'mean', status: 'open', resolution: null, reporter: { username: 'the_reporter' } }] });
    expect(d.warnings).toEqual([{ _id: expect.any(String), reason: 'Be kind in comments', reportId: null, createdAt: expect.any(String) }]);
  });

  it('shows a creator: earnings and reserve from the ledger, subscriber counts, country, reports on them', async () => {
    const d = await detailOf(creator.user.id);
    expect(d.user).toMatchObject({ role: 'performer', verificationStatus: 'approved', country: 'DE' });
    expect(d.wallet).toEqual({ balance: 0 });
    // 12.50 tokens at the default 20% commission: 10.00 to the creator.
    expect(d.earnings).toEqual({ available: 10, reserved: 0 });
    expect(d.subscribers).toEqual({ active: 1, cancelled: 0, expired: 0 });
    expect(d.subscriptions.total).toBe(0);
    expect(d.purchases.total).toBe(0);
    // The report on the creator, and the one on the comment under their post (its performerId is theirs).
    expect(d.reports.total).toBe(2);
    expect(d.reports.data.map((r) => r.targetType).sort()).toEqual(['comment', 'performer']);
  });

  it('shows the suspension of a suspended account', async () => {
    const until = new Date(Date.now() + 86_400_000);
    const suspended = await createUser(server.app, { status: 'suspended', suspendedReason: 'Chargebacks', suspendedUntil: until, suspendedAt: new Date() });
    const d = await detailOf(suspended.id);
    expect(d.user).toMatchObject({ status: 'suspended', suspendedReason: 'Chargebacks', suspendedUntil: until.toISOString(), suspendedAt: expect.any(String) });
  });

  it('answers 404 for an unknown id and 400 for an ill-formed one', async () => {
    const unknown = await as(server.app, op.token, 'GET', '/admin/users/00000000-0000-4000-8000-000000000000');
    expect({ status: unknown.statusCode, message: unknown.json().message }).toEqual({ status: 404, message: 'User not found' });
    for (const id of ['not-a-uuid', 'judged_fan']) {
      const res = await as(server.app, op.token, 'GET', `/admin/users/${id}`);
      expect({ id, status: res.statusCode, message: res.json().message }).toEqual({ id, status: 400, message: 'id must be a valid uuid' });
    }
  });

  it('keeps each listed account findable by its id', async () => {
    const [row] = await server.app.db.select().from(tables.users).where(eq(tables.users.username, 'alice_z'));
    expect((await detailOf(row.id)).user.email).toBe('alice@list.test');
  });
});
