import { eq } from 'drizzle-orm';
import { createAdminUsersService } from '../../../src/server/modules/admin-users/admin-users.service';
import { createPerformerWithToken, createUserWithToken, tables } from '../../support/db';
import { startTestServer, type TestServer } from '../../support/server';
import { as, auditRows, newOperator, snapshot } from './users-helpers';

let server: TestServer;
let op: Awaited<ReturnType<typeof createUserWithToken>>;
beforeAll(async () => {
  server = await startTestServer();
  op = await newOperator(server.app, 'ops_role');
});
afterAll(() => server.close());

const setRole = (id: string, role: string, token = op.token) => as(server.app, token, 'PUT', `/admin/users/${id}/role`, { role });
const roleOf = async (id: string) => (await server.app.db.select().from(tables.users).where(eq(tables.users.id, id)))[0].role;
const operatorCount = async () => (await server.app.db.select().from(tables.users).where(eq(tables.users.role, 'admin'))).length;

describe('PUT /admin/users/:id/role', () => {
  it('makes a fan an operator and back, each time with one audit row naming before and after', async () => {
    const fan = await createUserWithToken(server.app);
    expect((await as(server.app, fan.token, 'GET', '/admin/users')).statusCode).toBe(403);

    let before = (await auditRows(server.app)).length;
    const up = await setRole(fan.user.id, 'admin');
    expect(up.statusCode).toBe(200);
    expect(up.json().data).toMatchObject({ _id: fan.user.id, role: 'admin' });
    expect((await auditRows(server.app)).slice(before)).toEqual([expect.objectContaining({
      action: 'user.role', targetType: 'user', targetId: fan.user.id, actorId: op.user.id, before: { role: 'user' }, after: { role: 'admin' },
    })]);
    // The same session now opens the console: the role is read on every request.
    expect((await as(server.app, fan.token, 'GET', '/admin/users')).statusCode).toBe(200);

    before = (await auditRows(server.app)).length;
    const down = await setRole(fan.user.id, 'user');
    expect(down.statusCode).toBe(200);
    expect(down.json().data.role).toBe('user');
    expect((await auditRows(server.app)).slice(before)).toEqual([expect.objectContaining({ action: 'user.role', before: { role: 'admin' }, after: { role: 'user' } })]);
    expect((await as(server.app, fan.token, 'GET', '/admin/users')).statusCode).toBe(403);
  });

  it('refuses yourself, creators, repeats, inactive accounts and bad input, writing nothing', async () => {
    const creator = await createPerformerWithToken(server.app);
    const fan = await createUserWithToken(server.app);
    const suspended = await createUserWithToken(server.app, { status: 'suspended', suspendedReason: 'Spam' });
    const cases: [string, string, string, number, RegExp][] = [
      ['yourself', op.user.id, 'user', 403, /cannot change your own role/],
      ['a creator', creator.user.id, 'admin', 422, /^Creators cannot be operators; use a separate account$/],
      ['a creator made a fan', creator.user.id, 'user', 409, /not an operator/],
      ['a fan made a fan', fan.user.id, 'user', 409, /not an operator/],
      ['a suspended fan', suspended.user.id, 'admin', 422, /reactivate it first/],
      ['an unknown role', fan.user.id, 'performer', 400, /role must be one of/],
      ['an unknown id', '00000000-0000-4000-8000-000000000000', 'admin', 404, /User not found/],
      ['an ill-formed id', 'x', 'admin', 400, /id must be a valid uuid/],
    ];
    for (const [label, id, role, status, message] of cases) {
      const before = await snapshot(server.app);
      const res = await setRole(id, role);
      expect({ label, status: res.statusCode, message: res.json().message }).toEqual({ label, status, message: expect.stringMatching(message) });
      expect(await snapshot(server.app)).toEqual(before);
    }
    const promoted = await createUserWithToken(server.app);
    expect((await setRole(promoted.user.id, 'admin')).statusCode).toBe(200);
    const before = await snapshot(server.app);
    expect((await setRole(promoted.user.id, 'admin')).statusCode).toBe(409);
    expect(await snapshot(server.app)).toEqual(before);
  });

  it('lets two operators demoting each other at once leave exactly one operator', async () => {
    const server2 = await startTestServer();
    try {
      const a = await newOperator(server2.app, 'ops_a');
      const b = await newOperator(server2.app, 'ops_b');
      const results = await Promise.all([
        as(server2.app, a.token, 'PUT', `/admin/users/${b.user.id}/role`, { role: 'user' }),
        as(server2.app, b.token, 'PUT', `/admin/users/${a.user.id}/role`, { role: 'user' }),
      ]);
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes[0]).toBe(200);
      // The loser either waited for the winner's lock and found itself the last operator (422) or
      // was no longer an operator when its request was checked (403).
      expect([403, 422]).toContain(codes[1]);
      const admins = (await server2.app.db.select().from(tables.users).where(eq(tables.users.role, 'admin')));
      expect(admins).toHaveLength(1);
      expect((await server2.app.db.select().from(tables.auditLog)).filter((r) => r.action === 'user.role')).toHaveLength(1);
    } finally {
      await server2.close();
    }
  });

  it('never removes the last operator, even for a request that passed the role check before losing the race', async () => {
    // What a losing concurrent request meets inside the transaction: an actor who is no longer an
    // operator, demoting the only one left. The operators are counted under lock, so it is refused.
    const lone = await startTestServer();
    try {
      const only = await newOperator(lone.app, 'only_op');
      const former = await createUserWithToken(lone.app, { username: 'former_op' });
      const service = createAdminUsersService(lone.app);
      const actor = { id: former.user.id, username: 'former_op', ip: null };
      await expect(service.setRole(actor, only.user.id, 'user')).rejects.toMatchObject({
        statusCode: 422, message: 'The last operator cannot be removed: make someone else an operator first',
      });
      expect((await lone.app.db.select().from(tables.users).where(eq(tables.users.role, 'admin'))).map((u) => u.id)).toEqual([only.user.id]);
      // With two operators it would pass the count, and is still refused: the actor lost the role.
      const second = await newOperator(lone.app, 'second_op');
      await expect(service.setRole(actor, second.user.id, 'user')).rejects.toMatchObject({ statusCode: 403, message: 'You are no longer an operator' });
      expect(await lone.app.db.select().from(tables.auditLog)).toEqual([]);
    } finally {
      await lone.close();
    }
  });

  it('demotes several operators at once while others remain', async () => {
    const others = await Promise.all([1, 2, 3].map((n) => newOperator(server.app, `ops_many_${n}`)));
    const count = await operatorCount();
    const results = await Promise.all(others.map((o) => setRole(o.user.id, 'user')));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await operatorCount()).toBe(count - 3);
    for (const o of others) expect(await roleOf(o.user.id)).toBe('user');
  });
});
