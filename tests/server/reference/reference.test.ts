import { startTestServer, type TestServer } from '../../support/server';
import { normalizePhoneCode } from '../../../src/server/modules/reference/reference.service';

jest.setTimeout(30_000);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ API_ENDPOINT: 'https://api.example.test' });
});
afterAll(() => server.close());

const get = (url: string) => server.app.inject({ method: 'GET', url });
const names = (list: { name: string }[]) => list.map((x) => x.name);
const sortedByName = (list: { name: string }[]) => [...names(list)].sort((a, b) => a.localeCompare(b, 'en'));

describe('GET /countries/list', () => {
  it('lists about 250 countries by name, with the record of spec section 3', async () => {
    const res = await get('/countries/list');
    expect(res.statusCode).toBe(200);
    const list = res.json().data;
    expect(list.length).toBeGreaterThanOrEqual(245);
    expect(list.length).toBeLessThanOrEqual(255);
    expect(names(list)).toEqual(sortedByName(list));
    expect(list.find((c: { code: string }) => c.code === 'US')).toEqual({
      name: 'United States',
      code: 'US',
      capital: 'Washington D.C.',
      region: 'Americas',
      currency: { code: 'USD', name: 'United States dollar', symbol: '$' },
      language: { code: 'eng', name: 'English' },
      flag: 'https://api.example.test/flags/us.svg',
    });
    // Antarctica has no capital, currency or language: empty strings, never missing fields.
    expect(list.find((c: { code: string }) => c.code === 'AQ')).toMatchObject({
      capital: '', currency: { code: '', name: '', symbol: '' }, language: { code: '', name: '' },
    });
  });

  it('points every flag at an SVG the API serves', async () => {
    const list: { flag: string }[] = (await get('/countries/list')).json().data;
    for (const { flag } of list) {
      const res = await get(new URL(flag).pathname);
      expect({ flag, status: res.statusCode }).toEqual({ flag, status: 200 });
    }
  });
});

describe('GET /states/:country and /cities/:country/:state', () => {
  it('lists the states of a country, upper or lower case', async () => {
    const res = await get('/states/us');
    expect(res.statusCode).toBe(200);
    const list = res.json().data;
    expect(list).toContainEqual({ name: 'California', code: 'CA' });
    expect(names(list)).toEqual(sortedByName(list));
  });

  it('lists the cities of a state', async () => {
    const res = await get('/cities/US/CA');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toContainEqual({ name: 'Los Angeles' });
  });

  it('answers 404 for unknown codes and 400 for malformed ones', async () => {
    const unknownCountry = await get('/states/ZZ');
    expect(unknownCountry.statusCode).toBe(404);
    expect(unknownCountry.json().message).toBe('Unknown country code');
    expect((await get('/cities/ZZ/CA')).json().message).toBe('Unknown country code');
    const unknownState = await get('/cities/US/ZZZ');
    expect(unknownState.statusCode).toBe(404);
    expect(unknownState.json().message).toBe('Unknown state code');
    expect((await get('/states/usa')).statusCode).toBe(400);
    expect((await get('/cities/US/..%2F..')).statusCode).toBe(400);
  });
});

describe('GET /languages/list and /phone-codes/list', () => {
  it('lists unique languages by name', async () => {
    const list = (await get('/languages/list')).json().data;
    expect(list).toContainEqual({ code: 'eng', name: 'English' });
    expect(list).toContainEqual({ code: 'deu', name: 'German' });
    const codes = list.map((l: { code: string }) => l.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(names(list)).toEqual(sortedByName(list));
  });

  it('lists dialling codes per country', async () => {
    const list = (await get('/phone-codes/list')).json().data;
    expect(list).toContainEqual({ code: '+1', countryCode: 'US', name: 'United States' });
    expect(list).toContainEqual({ code: '+49', countryCode: 'DE', name: 'Germany' });
    expect(list.every((p: { code: string }) => /^\+\d+$/.test(p.code))).toBe(true);
    expect(list.length).toBeGreaterThan(240);
  });

  it('normalises multi-part dialling codes', () => {
    expect(normalizePhoneCode('1')).toBe('+1');
    expect(normalizePhoneCode('+1-684')).toBe('+1684');
    expect(normalizePhoneCode('+1-809 and 1-829')).toBe('+1809');
  });
});

describe('GET /flags/:code.svg', () => {
  it('serves the SVG with a long cache lifetime', async () => {
    const res = await get('/flags/de.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect((await get('/flags/DE.svg')).body).toBe(res.body);
  });

  it('answers JSON errors for unknown and malformed codes, never reading outside the flags', async () => {
    const unknown = await get('/flags/zz.svg');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ statusCode: 404, message: 'Unknown flag' });
    for (const url of ['/flags/..%2F..%2Fpackage.svg', '/flags/gb-eng.svg', '/flags/d.svg', '/flags/..%2fde.svg']) {
      const res = await get(url);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 400 });
      expect(res.headers['content-type']).toMatch(/application\/json/);
    }
  });
});
