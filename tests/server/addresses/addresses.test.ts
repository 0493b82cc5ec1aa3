import { startTestServer, type TestServer } from '../../support/server';
import { allRows, createUserWithToken, tables } from '../../support/db';
import { call } from '../products/product-helpers';

jest.setTimeout(120_000);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const HOME = { name: '  Ana  Silva ', country: 'pt', city: 'Lisbon', streetAddress: 'Rua Augusta 10', postalCode: '1100-053', phone: '+351 912 345 678' };
const rows = async () => [...(await allRows(server.app, tables.addresses))].sort((a, b) => a.id.localeCompare(b.id));
const create = (token: string, body: object) => call(server.app, { token }, 'POST', '/addresses/create', body);

describe('addresses', () => {
  it('adds an address, trimmed, with the country upper-cased, and lists it', async () => {
    const fan = await createUserWithToken(server.app);
    const res = await create(fan.token, HOME);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Ana Silva', country: 'PT', city: 'Lisbon', state: '', description: '' });
    const list = await call(server.app, { token: fan.token }, 'GET', '/addresses/search');
    expect(list.json().data).toMatchObject({ total: 1, data: [{ _id: res.json().data._id }] });
  });

  it.each([
    [{ ...HOME, name: '   ' }, 'name', 'Please enter the recipient\'s name'],
    [{ ...HOME, city: '' }, 'city', 'Please enter a city'],
    [{ ...HOME, streetAddress: ' ' }, 'streetAddress', 'Please enter a street address'],
    [{ ...HOME, country: 'ZZ' }, 'country', 'Unknown country code: ZZ'],
    [{ ...HOME, country: '' }, 'country', 'Please choose a country'],
    [{ ...HOME, phone: 'call me' }, 'phone', expect.stringContaining('Phone may contain')],
  ])('refuses bad input (%#) with a 400 naming the field, writing nothing', async (body, field, message) => {
    const fan = await createUserWithToken(server.app);
    const before = await rows();
    const res = await create(fan.token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual(expect.arrayContaining([{ field, message }]));
    expect(await rows()).toEqual(before);
  });

  it('refuses missing and unknown fields and signed-out callers', async () => {
    const fan = await createUserWithToken(server.app);
    const { city: _city, ...noCity } = HOME;
    expect((await create(fan.token, noCity)).statusCode).toBe(400);
    expect((await create(fan.token, { ...HOME, isAdmin: true })).statusCode).toBe(400);
    expect((await call(server.app, null, 'POST', '/addresses/create', HOME)).statusCode).toBe(401);
    expect((await call(server.app, null, 'GET', '/addresses/search')).statusCode).toBe(401);
  });

  it('keeps at most 20 addresses per person, even when they are added at once', async () => {
    const fan = await createUserWithToken(server.app);
    const results = await Promise.all(Array.from({ length: 25 }, (_, i) => create(fan.token, { ...HOME, name: `N${i}` })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(20);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(refused.map((r) => r.statusCode)).toEqual([422, 422, 422, 422, 422]);
    expect(refused[0].json().message).toMatch(/at most 20 addresses/);
    expect((await rows()).filter((r) => r.userId === fan.user.id)).toHaveLength(20);
    const page = await call(server.app, { token: fan.token }, 'GET', '/addresses/search?offset=15&limit=10');
    expect(page.json().data.total).toBe(20);
    expect(page.json().data.data).toHaveLength(5);
  });

  it('edits and deletes only one\'s own addresses; someone else\'s are 404 and unchanged', async () => {
    const fan = await createUserWithToken(server.app);
    const other = await createUserWithToken(server.app);
    const id = (await create(fan.token, HOME)).json().data._id;
    const edited = await call(server.app, { token: fan.token }, 'PUT', `/addresses/${id}`, { city: 'Porto', state: 'Norte' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ city: 'Porto', state: 'Norte', name: 'Ana Silva' });
    expect((await call(server.app, { token: fan.token }, 'PUT', `/addresses/${id}`, { name: '' })).statusCode).toBe(400);

    const before = await rows();
    expect((await call(server.app, { token: other.token }, 'PUT', `/addresses/${id}`, { city: 'Faro' })).statusCode).toBe(404);
    expect((await call(server.app, { token: other.token }, 'DELETE', `/addresses/${id}`)).statusCode).toBe(404);
    expect((await call(server.app, { token: other.token }, 'GET', '/addresses/search')).json().data).toEqual({ data: [], total: 0 });
    expect((await call(server.app, { token: fan.token }, 'PUT', '/addresses/not-a-uuid', { city: 'Faro' })).statusCode).toBe(400);
    expect(await rows()).toEqual(before);

    expect((await call(server.app, { token: fan.token }, 'DELETE', `/addresses/${id}`)).statusCode).toBe(200);
    expect((await call(server.app, { token: fan.token }, 'DELETE', `/addresses/${id}`)).statusCode).toBe(404);
    expect((await rows()).find((r) => r.id === id)).toBeUndefined();
  });
});
