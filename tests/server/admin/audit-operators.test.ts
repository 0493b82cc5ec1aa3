import { createPerformerWithToken, createUserWithToken } from '../../support/db';
import { startTestServer, type TestServer } from '../../support/server';

jest.setTimeout(60_000);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const operators = (token: string) => server.app.inject({ method: 'GET', url: '/admin/audit-log/operators', headers: token ? { authorization: token } : {} });
const record = (actor: { id: string; username: string | null }, targetId: string) =>
  server.app.db.transaction((tx) => server.app.audit.record(tx, { ...actor, ip: null }, { action: 'page.update', targetType: 'page', targetId }));

describe('GET /admin/audit-log/operators', () => {
  it('lists each account that appears as an actor once, by username, with its current name', async () => {
    const zed = await createUserWithToken(server.app, { role: 'admin', username: 'zed_ops', name: 'Zed' });
    const amy = await createUserWithToken(server.app, { role: 'admin', username: 'amy_ops', name: 'Amy' });
    // An operator who never wrote anything is not an option: the filter would find nothing.
    await createUserWithToken(server.app, { role: 'admin', username: 'idle_ops' });
    expect((await operators(amy.token)).json()).toEqual({ data: [] });

    await record(zed.user, 'p1');
    await record(zed.user, 'p2');
    await record(amy.user, 'p3');
    expect((await operators(amy.token)).json().data).toEqual([
      { _id: amy.user.id, username: 'amy_ops', name: 'Amy' },
      { _id: zed.user.id, username: 'zed_ops', name: 'Zed' },
    ]);

    // A renamed account shows its name now; a removed one keeps the username its newest row recorded.
    const renamed = await server.app.inject({ method: 'PUT', url: '/users', headers: { authorization: amy.token }, payload: { username: 'amy_renamed' } });
    expect(renamed.statusCode).toBe(200);
    const gone = { id: '00000000-0000-4000-8000-00000000abcd', username: 'former_ops' };
    await record({ ...gone, username: 'old_name' }, 'p4');
    await record(gone, 'p5');
    expect((await operators(zed.token)).json().data).toEqual([
      { _id: amy.user.id, username: 'amy_renamed', name: 'Amy' },
      { _id: gone.id, username: 'former_ops', name: null },
      { _id: zed.user.id, username: 'zed_ops', name: 'Zed' },
    ]);
  });

  it('is for operators only', async () => {
    const fan = await createUserWithToken(server.app);
    const creator = await createPerformerWithToken(server.app);
    expect((await operators('')).statusCode).toBe(401);
    for (const token of [fan.token, creator.token]) {
      const res = await operators(token);
      expect([res.statusCode, res.json().message]).toEqual([403, 'Only admin accounts can do this']);
    }
  });
});
