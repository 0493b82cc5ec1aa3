import { sql } from 'drizzle-orm';
import { allRows, createUserWithToken, tables } from '../../support/db';
import { startTestServer, type TestServer } from '../../support/server';

let server: TestServer;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
beforeAll(async () => {
  server = await startTestServer();
  admin = await createUserWithToken(server.app, { role: 'admin', username: 'ops_one' });
});
afterAll(() => server.close());

const list = (query = '') => server.app.inject({ method: 'GET', url: `/admin/audit-log${query}`, headers: { authorization: admin.token } });

describe('the audit log', () => {
  it('keeps what a write records inside its transaction, and nothing when the transaction rolls back', async () => {
    const actor = { id: admin.user.id, username: admin.user.username, ip: '203.0.113.9' };
    await server.app.db.transaction((tx) => server.app.audit.record(tx, actor, {
      action: 'settings.update', targetType: 'settings', before: { siteName: 'Old' }, after: { siteName: 'New', at: new Date('2026-01-02T03:04:05Z') },
    }));
    await expect(server.app.db.transaction(async (tx) => {
      await server.app.audit.record(tx, actor, { action: 'user.suspend', targetType: 'user', targetId: admin.user.id });
      throw new Error('the write failed');
    })).rejects.toThrow('the write failed');

    const res = await list();
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      total: 1,
      data: [{
        _id: expect.any(String), actorId: admin.user.id, actorUsername: 'ops_one', action: 'settings.update', targetType: 'settings', targetId: null,
        before: { siteName: 'Old' }, after: { siteName: 'New', at: '2026-01-02T03:04:05.000Z' }, ip: '203.0.113.9', createdAt: expect.any(String),
      }],
    });
  });

  it('filters by operator, action, target and date', async () => {
    const actor = { id: admin.user.id, username: admin.user.username, ip: null };
    await server.app.db.transaction((tx) => server.app.audit.record(tx, actor, { action: 'coupon.create', targetType: 'coupon', targetId: 'c-1', after: { code: 'X' } }));
    expect((await list('?action=coupon.create')).json().data.total).toBe(1);
    expect((await list('?targetType=coupon&targetId=c-1')).json().data.total).toBe(1);
    expect((await list(`?actorId=${admin.user.id}`)).json().data.total).toBe(2);
    expect((await list('?actorId=00000000-0000-4000-8000-000000000000')).json().data.total).toBe(0);
    expect((await list(`?from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).json().data.total).toBe(0);
    const bad = await list('?from=2026-02-01T00:00:00.000Z&to=2026-01-01T00:00:00.000Z');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('from must not be after to');
    expect((await list('?action=nope')).statusCode).toBe(400);
  });

  it('is append-only in the database itself', async () => {
    const before = await allRows(server.app, tables.auditLog);
    await expect(server.app.db.execute(sql`update audit_log set action = 'x'`)).rejects.toMatchObject({ cause: expect.objectContaining({ message: expect.stringMatching(/append-only/) }) });
    await expect(server.app.db.execute(sql`delete from audit_log`)).rejects.toMatchObject({ cause: expect.objectContaining({ message: expect.stringMatching(/append-only/) }) });
    expect(await allRows(server.app, tables.auditLog)).toEqual(before);
  });
});
