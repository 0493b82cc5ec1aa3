import { startTestServer, type TestServer } from '../../support/server';
import { registerFan } from '../../support/accounts';
import { createPerformerWithToken, createUserWithToken } from '../../support/db';
import { multipart } from '../../support/multipart';

/** Issue 15 section 3: bad input answers a 400 naming the field, never a 500 (src/server/plugins/input.ts). */
let server: TestServer;
let fan: Awaited<ReturnType<typeof registerFan>>;
let admin: { token: string };
let creator: Awaited<ReturnType<typeof createPerformerWithToken>>;

beforeAll(async () => {
  server = await startTestServer();
  fan = await registerFan(server.app);
  admin = await createUserWithToken(server.app, { role: 'admin' });
  creator = await createPerformerWithToken(server.app);
});
afterAll(() => server.close());

type InjectOptions = { method: string; url: string; headers?: Record<string, string>; payload?: string | object };
const inject = (opts: InjectOptions) => server.app.inject(opts as never);

describe('NUL characters and lone surrogates', () => {
  it('refuses a NUL in a JSON body field with a 400 naming it', async () => {
    const res = await inject({ method: 'POST', url: '/auth/login', payload: { username: 'a\u0000b', password: 'whatever it is' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^username contains a character that is not allowed/);
    expect(res.json().details).toEqual([{ field: 'username', message: expect.stringContaining('username') }]);
  });

  it('refuses a lone surrogate in a body field, but not a surrogate pair', async () => {
    const res = await inject({
      method: 'POST', url: '/auth/login', headers: { 'content-type': 'application/json' },
      payload: '{"username":"\\uD800abc","password":"whatever it is"}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('username');
    // A pair is a real character (an emoji) and passes this check.
    const pair = await inject({ method: 'POST', url: '/auth/login', payload: { username: 'x\uD83D\uDE00y', password: 'whatever it is' } });
    expect(pair.statusCode).not.toBe(500);
    expect(pair.json().message).not.toMatch(/not allowed/);
  });

  it('refuses a NUL in a path parameter and in a query parameter', async () => {
    const path = await inject({ method: 'GET', url: '/posts/%00' });
    expect(path.statusCode).toBe(400);
    expect(path.json().message).toMatch(/^id contains a character that is not allowed/);
    const query = await inject({ method: 'GET', url: '/posts/search?q=%00' });
    expect(query.statusCode).toBe(400);
    expect(query.json().details[0].field).toBe('q');
    const search = await inject({ method: 'GET', url: '/performers/search?q=a%00b', headers: { authorization: fan.token } });
    expect(search.statusCode).toBe(400);
  });

  it('still answers 401 before looking at the input of a signed-in route', async () => {
    const res = await inject({ method: 'PUT', url: '/users', payload: { name: 'a\u0000' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('numbers', () => {
  it('bounds offset on the shared list query', async () => {
    const res = await inject({ method: 'GET', url: '/posts/search?offset=1e308' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('offset');
    const deep = await inject({ method: 'GET', url: '/posts/search?offset=100000' });
    expect(deep.statusCode).toBe(200);
  });

  it('refuses "Infinity" in an integer field instead of coercing it', async () => {
    const res = await inject({
      method: 'POST', url: '/admin/coupons', headers: { authorization: admin.token },
      payload: { code: 'INFINITE', discountPercentage: 10, numberOfUses: 'Infinity' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/numberOfUses/);
    const list = await inject({ method: 'GET', url: '/admin/coupons?limit=Infinity', headers: { authorization: admin.token } });
    expect(list.statusCode).toBe(400);
    expect(list.json().details[0].field).toBe('limit');
    const huge = await inject({ method: 'GET', url: '/posts/search?limit=1e999' });
    expect(huge.statusCode).toBe(400);
  });
});

describe('trimming before validating', () => {
  const banking = { firstName: 'Ada', lastName: 'Lovelace', bankName: 'Bank', accountNumber: 'DE89370400440532013000', country: 'DE' };

  it('refuses a blank name in banking settings and keeps GET /performers/me working', async () => {
    const blank = await inject({
      method: 'PUT', url: '/performers/banking-settings', headers: { authorization: creator.token }, payload: { ...banking, firstName: '   ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().details[0].field).toBe('firstName');
    const padded = await inject({
      method: 'PUT', url: '/performers/banking-settings', headers: { authorization: creator.token }, payload: { ...banking, lastName: '  Byron  ' },
    });
    expect(padded.statusCode).toBe(200);
    const me = await inject({ method: 'GET', url: '/performers/me', headers: { authorization: creator.token } });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.bankingSettings).toMatchObject({ firstName: 'Ada', lastName: 'Byron' });
  });

  it('refuses a name of spaces at sign-up and on the account, and trims a padded one', async () => {
    const signUp = (name: string, tag: string) => inject({
      method: 'POST', url: '/auth/users/register',
      payload: { name, username: `trim_${tag}`, email: `trim_${tag}@example.com`, password: 'a-good-password', ageConfirmed: true, termsAccepted: true },
    });
    const blank = await signUp('   ', 'a');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().details[0].field).toBe('name');
    expect((await signUp('  Padded Name  ', 'b')).statusCode).toBe(200);

    const put = await inject({ method: 'PUT', url: '/users', headers: { authorization: fan.token }, payload: { name: ' \t ' } });
    expect(put.statusCode).toBe(400);
    const padded = await inject({ method: 'PUT', url: '/users', headers: { authorization: fan.token }, payload: { name: '  Fan Name ' } });
    expect(padded.json().data.name).toBe('Fan Name');
  });

  it('applies the same trimming to the creator sign-up form (multipart)', async () => {
    const body = await multipart({
      name: '    ', username: 'trim_creator', email: 'trim_creator@example.com', password: 'a-good-password',
      gender: 'female', dateOfBirth: '1990-01-01', country: 'DE', ageConfirmed: 'true', termsAccepted: 'true',
    }, { idDocument: { content: Buffer.from('x'), filename: 'id.jpg', contentType: 'image/jpeg' }, selfie: { content: Buffer.from('x'), filename: 's.jpg', contentType: 'image/jpeg' } });
    const res = await inject({ method: 'POST', url: '/auth/performers/register', ...body } as InjectOptions);
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { field: string }) => d.field)).toContain('name');
  });
});

describe('path ids', () => {
  it('answers the same 400 for a malformed id on every object route', async () => {
    const routes: [string, string][] = [
      ['GET', '/orders/not-a-uuid'], ['DELETE', '/addresses/not-a-uuid'], ['GET', '/admin/users/not-a-uuid'],
      ['DELETE', '/follows/not-a-uuid'], ['GET', '/performer-assets/videos/not-a-uuid'], ['PUT', '/admin/coupons/not-a-uuid'],
    ];
    for (const [method, url] of routes) {
      const res = await inject({ method: method as 'GET', url, headers: { authorization: admin.token }, payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
      expect({ url, status: res.statusCode, message: res.json().message }).toEqual({ url, status: 400, message: 'id must be a valid uuid' });
    }
  });

  it('keeps usernames and slugs where the path takes them', async () => {
    const byName = await inject({ method: 'GET', url: `/performers/${creator.user.username ?? ''}` });
    expect(byName.statusCode).toBe(200);
    const noSlug = await inject({ method: 'GET', url: '/posts/no-such-page' });
    expect(noSlug.statusCode).toBe(404);
  });
});
