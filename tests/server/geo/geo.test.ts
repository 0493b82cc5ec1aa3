import maxmind from 'maxmind';
import { startTestServer, type TestServer } from '../../support/server';
import { clientIp, GEO_DATABASE_PATH, normalizeIp } from '../../../src/server/modules/geo/geo.service';

jest.setTimeout(30_000);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await server.app.settings.set({ blockedCountries: ['DE'] });
});
afterAll(() => server.close());

// Addresses whose country the bundled database states (checked below against the reader itself).
const GERMAN_V4 = '85.214.132.117';
const GERMAN_V6 = '2003::1';
const US_V4 = '8.8.8.8';
const US_V6 = '2001:4860:4860::8888';

const check = (headers: Record<string, string> = {}, remoteAddress?: string) =>
  server.app.inject({ method: 'GET', url: '/block/countries/check', headers, ...(remoteAddress ? { remoteAddress } : {}) });

describe('GET /block/countries/check', () => {
  it('uses addresses the bundled database places where the tests say', async () => {
    const reader = await maxmind.open<never>(GEO_DATABASE_PATH);
    const country = (ip: string) => (reader.get(ip) as { country_code?: string } | null)?.country_code;
    expect([GERMAN_V4, GERMAN_V6, US_V4, US_V6].map(country)).toEqual(['DE', 'DE', 'US', 'US']);
  });

  it('blocks a visitor from a blocked country, read from the first X-Forwarded-For address', async () => {
    const res = await check({ 'x-forwarded-for': `${GERMAN_V4}, 10.0.0.1` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { blocked: true, country: 'DE' } });
  });

  it('lets a visitor from another country through', async () => {
    expect((await check({ 'x-forwarded-for': US_V4 })).json()).toEqual({ data: { blocked: false, country: 'US' } });
  });

  it('never blocks loopback or private addresses', async () => {
    expect((await check()).json()).toEqual({ data: { blocked: false, country: null } });
    expect((await check({ 'x-forwarded-for': '10.1.2.3' })).json()).toEqual({ data: { blocked: false, country: null } });
    expect((await check({ 'x-forwarded-for': '::1' })).json()).toEqual({ data: { blocked: false, country: null } });
  });

  it('works with IPv6', async () => {
    expect((await check({ 'x-forwarded-for': GERMAN_V6 })).json()).toEqual({ data: { blocked: true, country: 'DE' } });
    expect((await check({ 'x-forwarded-for': US_V6 })).json()).toEqual({ data: { blocked: false, country: 'US' } });
  });

  it('falls back to X-Real-IP, then to the connection address', async () => {
    expect((await check({ 'x-real-ip': GERMAN_V4 })).json().data).toEqual({ blocked: true, country: 'DE' });
    expect((await check({ 'x-forwarded-for': US_V4, 'x-real-ip': GERMAN_V4 })).json().data.country).toBe('US');
    // An unusable forwarded value does not hide the next source.
    expect((await check({ 'x-forwarded-for': 'unknown', 'x-real-ip': GERMAN_V4 })).json().data.country).toBe('DE');
    expect((await check({}, `::ffff:${GERMAN_V4}`)).json().data).toEqual({ blocked: true, country: 'DE' });
  });

  it('follows changes of the blocked-country setting', async () => {
    await server.app.settings.set({ blockedCountries: ['US'] });
    try {
      expect((await check({ 'x-forwarded-for': US_V4 })).json().data.blocked).toBe(true);
      expect((await check({ 'x-forwarded-for': GERMAN_V4 })).json().data.blocked).toBe(false);
    } finally {
      await server.app.settings.set({ blockedCountries: ['DE'] });
    }
  });
});

describe('client IP parsing', () => {
  it('strips ports, brackets, zone ids and the IPv4-mapped prefix, and rejects non-addresses', () => {
    expect(normalizeIp(' 85.214.132.117:8080 ')).toBe('85.214.132.117');
    expect(normalizeIp('[2003::1]:443')).toBe('2003::1');
    expect(normalizeIp('fe80::1%eth0')).toBe('fe80::1');
    expect(normalizeIp('::FFFF:8.8.8.8')).toBe('8.8.8.8');
    expect(normalizeIp('not-an-ip')).toBeNull();
    expect(normalizeIp('')).toBeNull();
  });

  it('reads X-Forwarded-For, then X-Real-IP, then the socket', () => {
    expect(clientIp({ 'x-forwarded-for': '1.1.1.1, 2.2.2.2', 'x-real-ip': '3.3.3.3' }, '4.4.4.4')).toBe('1.1.1.1');
    expect(clientIp({ 'x-real-ip': '3.3.3.3' }, '4.4.4.4')).toBe('3.3.3.3');
    expect(clientIp({}, '4.4.4.4')).toBe('4.4.4.4');
    expect(clientIp({})).toBeNull();
  });
});
