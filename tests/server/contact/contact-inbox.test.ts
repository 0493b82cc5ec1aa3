import type { ContactMessage } from '../../../src/common/contract/contact';
import { allRows, createPerformerWithToken, createUserWithToken, tables } from '../../support/db';
import { startTestServer, type TestServer } from '../../support/server';

jest.setTimeout(60_000);

let server: TestServer;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
let fan: Awaited<ReturnType<typeof createUserWithToken>>;
let creator: string;
const sent: Record<string, ContactMessage> = {};

beforeAll(async () => {
  server = await startTestServer();
  admin = await createUserWithToken(server.app, { role: 'admin', username: 'inbox_ops' });
  fan = await createUserWithToken(server.app, { username: 'writing_fan' });
  creator = (await createPerformerWithToken(server.app)).token;
  const messages = [
    { name: 'Ana', email: 'ana@example.com', subject: 'Refund 100%', message: 'Please refund me', token: fan.token },
    { name: 'Blake', email: 'blake@example.com', subject: 'Partnership', message: 'Let us work together' },
    { name: 'Cleo', email: 'cleo@example.com', subject: 'Bug report', message: 'The page_x is broken' },
  ];
  for (const [i, m] of messages.entries()) {
    const { token, ...payload } = m;
    const res = await server.app.inject({ method: 'POST', url: '/contact', remoteAddress: `203.0.113.${i + 1}`, headers: token ? { authorization: token } : {}, payload });
    expect(res.statusCode).toBe(200);
  }
  const list = await inbox('?limit=100');
  for (const m of list.data) sent[m.name] = m;
});
afterAll(() => server.close());

async function inbox(query = '', token = admin.token): Promise<{ data: ContactMessage[]; total: number }> {
  const res = await server.app.inject({ method: 'GET', url: `/admin/contact-messages${query}`, headers: { authorization: token } });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}
const mark = (id: string, payload: object, token = admin.token) =>
  server.app.inject({ method: 'PUT', url: `/admin/contact-messages/${id}`, headers: { authorization: token }, payload });
const auditRows = async (targetId: string) => (await allRows(server.app, tables.auditLog)).filter((r) => r.targetId === targetId);

describe('the contact inbox', () => {
  it('lists every message newest first, with the sender account when there was one', async () => {
    const { data, total } = await inbox();
    expect(total).toBe(3);
    expect(data.map((m) => m.name)).toEqual(['Cleo', 'Blake', 'Ana']);
    expect(sent.Ana).toMatchObject({ userId: fan.user.id, username: 'writing_fan', status: 'new', ip: '203.0.113.1', readAt: null, repliedAt: null });
    expect(sent.Blake).toMatchObject({ userId: null, username: null, email: 'blake@example.com', subject: 'Partnership', message: 'Let us work together' });
  });

  it('searches name, email, subject and message literally, and pages', async () => {
    expect((await inbox('?q=100%25')).data.map((m) => m.name)).toEqual(['Ana']);
    expect((await inbox('?q=BLAKE%40')).data.map((m) => m.name)).toEqual(['Blake']);
    expect((await inbox('?q=together')).data.map((m) => m.name)).toEqual(['Blake']);
    expect((await inbox('?q=page_x')).data.map((m) => m.name)).toEqual(['Cleo']);
    // `_` is not a wildcard: "l_ke" would otherwise match Blake.
    expect((await inbox('?q=l_ke')).total).toBe(0);
    expect(await inbox('?limit=1&offset=1')).toMatchObject({ total: 3, data: [{ name: 'Blake' }] });
  });

  it('marks a message read, replied and new again, one audit row per change', async () => {
    const id = sent.Blake._id;
    const read = await mark(id, { status: 'read' });
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({ _id: id, status: 'read', readAt: expect.any(String), repliedAt: null });
    const readAt = read.json().data.readAt;

    // Asking again for the state it has changes nothing and records nothing.
    expect((await mark(id, { status: 'read' })).json().data).toMatchObject({ status: 'read', readAt });
    expect(await auditRows(id)).toHaveLength(1);

    const replied = (await mark(id, { status: 'replied' })).json().data;
    expect(replied).toMatchObject({ status: 'replied', readAt, repliedAt: expect.any(String) });
    const unread = (await mark(id, { status: 'new' })).json().data;
    expect(unread).toMatchObject({ status: 'new', readAt: null, repliedAt: null });

    const rows = await auditRows(id);
    expect(rows.map((r) => [r.action, r.targetType, r.actorId, r.before, r.after])).toEqual([
      ['contact.update', 'contact_message', admin.user.id, { status: 'new' }, { status: 'read' }],
      ['contact.update', 'contact_message', admin.user.id, { status: 'read' }, { status: 'replied' }],
      ['contact.update', 'contact_message', admin.user.id, { status: 'replied' }, { status: 'new' }],
    ]);
  });

  it('filters by status', async () => {
    await mark(sent.Cleo._id, { status: 'replied' });
    expect((await inbox('?status=replied')).data.map((m) => m.name)).toEqual(['Cleo']);
    expect((await inbox('?status=new')).data.map((m) => m.name)).toEqual(['Blake', 'Ana']);
    expect((await inbox('?status=read')).total).toBe(0);
    const bad = await server.app.inject({ method: 'GET', url: '/admin/contact-messages?status=archived', headers: { authorization: admin.token } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('status');
    expect(await server.app.contact.countNew()).toBe(2);
  });

  it('refuses bad status changes and other accounts, writing nothing', async () => {
    const before = { messages: await allRows(server.app, tables.contactMessages), audit: await allRows(server.app, tables.auditLog) };
    const id = sent.Ana._id;
    const cases: [Promise<Awaited<ReturnType<typeof mark>>>, number, string][] = [
      [mark(id, { status: 'archived' }), 400, 'status must be one of: new, read, replied'],
      [mark(id, {}), 400, 'status is required'],
      [mark(id, { status: 'read', note: 'x' }), 400, 'note is not allowed'],
      [mark('not-a-uuid', { status: 'read' }), 400, 'id must be a valid uuid'],
      [mark('00000000-0000-4000-8000-000000000000', { status: 'read' }), 404, 'Message not found'],
      [mark(id, { status: 'read' }, fan.token), 403, 'Only admin accounts can do this'],
      [mark(id, { status: 'read' }, creator), 403, 'Only admin accounts can do this'],
      [mark(id, { status: 'read' }, ''), 401, 'Please sign in to continue'],
    ];
    for (const [request, status, message] of cases) {
      const res = await request;
      expect([res.statusCode, res.json().message]).toEqual([status, message]);
    }
    for (const token of [fan.token, creator]) {
      const res = await server.app.inject({ method: 'GET', url: '/admin/contact-messages', headers: { authorization: token } });
      expect(res.statusCode).toBe(403);
    }
    expect(await allRows(server.app, tables.contactMessages)).toEqual(before.messages);
    expect(await allRows(server.app, tables.auditLog)).toEqual(before.audit);
  });
});
