import { startTestServer, type TestServer } from '../../support/server';
import { allRows, createUserWithToken, tables } from '../../support/db';
import { createSettingsService } from '../../../src/server/modules/settings/settings.service';
import { PUBLIC_SETTING_DEFAULTS, PUBLIC_SETTING_KEYS } from '../../../src/common/constants/settings';

let server: TestServer;
let admin: string;
let fan: string;
let performer: string;

jest.setTimeout(30_000);

beforeAll(async () => {
  server = await startTestServer();
  admin = (await createUserWithToken(server.app, { role: 'admin' })).token;
  fan = (await createUserWithToken(server.app)).token;
  performer = (await createUserWithToken(server.app, { role: 'performer' })).token;
});
afterAll(() => server.close());

const put = (body: unknown, token = admin) =>
  server.app.inject({ method: 'PUT', url: '/admin/settings', headers: { authorization: token }, payload: body as object });
const storedRows = async () =>
  (await allRows(server.app, tables.settings)).map(({ key, value }) => ({ key, value })).sort((a, b) => a.key.localeCompare(b.key));

describe('GET /settings/public', () => {
  it('answers the 24 public settings of spec 3 (plus ours) with their defaults and nothing private', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/settings/public' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(Object.keys(data).sort()).toEqual([...PUBLIC_SETTING_KEYS].sort());
    // The spec's 24, paymentTestMode (derived: the sandbox answers while no Stripe key is set) and
    // the reCAPTCHA switch and site key (spec 7 General).
    expect(Object.keys(data)).toHaveLength(27);
    expect(data).toEqual({ ...PUBLIC_SETTING_DEFAULTS, paymentGateway: 'stripe', paymentTestMode: true });
    expect(data.blockedCountries).toBeUndefined();
  });
});

describe('POST /settings/keys', () => {
  it('answers only the named public settings', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/settings/keys', payload: { keys: ['siteName', 'volume'] } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { siteName: PUBLIC_SETTING_DEFAULTS.siteName, volume: 1 } });
  });

  it('rejects private and unknown keys, naming them', async () => {
    const res = await server.app.inject({
      method: 'POST', url: '/settings/keys', payload: { keys: ['siteName', 'blockedCountries', 'nope'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Unknown or private settings: blockedCountries, nope');
    expect(res.json().details).toEqual([
      { field: 'keys', message: 'blockedCountries is not a public setting' },
      { field: 'keys', message: 'nope is not a public setting' },
    ]);
  });

  it('rejects an empty or missing key list', async () => {
    for (const payload of [{ keys: [] }, {}, { keys: [{}] }, { keys: ['siteName'], extra: 1 }]) {
      const res = await server.app.inject({ method: 'POST', url: '/settings/keys', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/keys|extra/);
    }
  });
});

describe('admin settings', () => {
  it('lets only admins read every setting', async () => {
    const anonymous = await server.app.inject({ method: 'GET', url: '/admin/settings' });
    expect(anonymous.statusCode).toBe(401);
    for (const token of [fan, performer]) {
      const res = await server.app.inject({ method: 'GET', url: '/admin/settings', headers: { authorization: token } });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/admin/);
    }
    const res = await server.app.inject({ method: 'GET', url: '/admin/settings', headers: { authorization: `Bearer ${admin}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ blockedCountries: [], tokenConversionRate: 1, performerCommission: 0.2, volume: 1 });
  });

  it('stores changes, answers every setting and serves them at once', async () => {
    const menus = [{ title: 'Help', path: '/help', section: 'footer', isNewTab: false }];
    const res = await put({ siteName: 'Fanhouse', blockedCountries: ['DE', 'FR'], menus, requireEmailVerification: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ siteName: 'Fanhouse', blockedCountries: ['DE', 'FR'], menus, minimumTipPrice: 10 });
    const pub = (await server.app.inject({ method: 'GET', url: '/settings/public' })).json().data;
    expect(pub).toMatchObject({ siteName: 'Fanhouse', menus, requireEmailVerification: true });
    await expect(server.app.settings.get('requireEmailVerification')).resolves.toBe(true);
    await expect(server.app.settings.get('blockedCountries')).resolves.toEqual(['DE', 'FR']);
    expect(await storedRows()).toEqual(
      expect.arrayContaining([{ key: 'siteName', value: 'Fanhouse' }, { key: 'blockedCountries', value: ['DE', 'FR'] }]),
    );
  });

  it('rejects bad values with details naming the key and writes nothing', async () => {
    const before = await storedRows();
    const cases: [unknown, string, number][] = [
      [{ volume: 2 }, 'volume', 400],
      [{ freeSubscriptionDuration: 1.5 }, 'freeSubscriptionDuration', 400],
      [{ freeSubscriptionDuration: 0 }, 'freeSubscriptionDuration', 400],
      [{ blockedCountries: ['de'] }, 'blockedCountries.0', 400],
      [{ menus: [{ title: 'x', path: '/x', section: 'sidebar' }] }, 'menus.0.section', 400],
      [{ maintenanceMode: 'sometimes' }, 'maintenanceMode', 400],
      [{ siteName: 'Still fine', nope: 1 }, 'nope', 400],
      [{ siteName: 'Still fine', minimumTipPrice: -1 }, 'minimumTipPrice', 400],
      [{}, 'body', 400],
      [{ minimumTipPrice: 20000 }, 'minimumTipPrice', 422],
      [{ minimumSubscriptionPrice: 50, maximumSubscriptionPrice: 10 }, 'minimumSubscriptionPrice', 422],
    ];
    for (const [body, field, status] of cases) {
      const res = await put(body);
      expect({ body, status: res.statusCode }).toEqual({ body, status });
      expect(res.json().message).toEqual(expect.any(String));
      expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
    }
    const fanPut = await put({ siteName: 'Hijack' }, fan);
    expect(fanPut.statusCode).toBe(403);
    const anonymous = await server.app.inject({ method: 'PUT', url: '/admin/settings', payload: { siteName: 'Hijack' } });
    expect(anonymous.statusCode).toBe(401);
    expect(await storedRows()).toEqual(before);
    expect((await server.app.inject({ method: 'GET', url: '/settings/public' })).json().data.siteName).toBe('Fanhouse');
  });

  it('rejects a bad value passed to the service directly (as the CLI does), naming the key', async () => {
    await expect(server.app.settings.set({ volume: 'loud' })).rejects.toMatchObject({
      statusCode: 400,
      details: [{ field: 'volume', message: expect.stringMatching(/^volume /) }],
    });
    await expect(server.app.settings.set({ unknownThing: true })).rejects.toMatchObject({
      statusCode: 400,
      message: 'unknownThing is not a setting',
    });
  });

  it('drops properties the schema does not know before storing', async () => {
    const res = await put({ menus: [{ title: 'A', path: '/a', section: 'header', extra: 'x' }] });
    expect(res.statusCode).toBe(200);
    const row = (await storedRows()).find((r) => r.key === 'menus');
    expect(row?.value).toEqual([{ title: 'A', path: '/a', section: 'header' }]);
  });
});

describe('settings cache', () => {
  it('shows a change made by another instance once the TTL has passed', async () => {
    const writer = createSettingsService(server.app.db, { cacheTtlMs: 0 });
    const reader = createSettingsService(server.app.db, { cacheTtlMs: 300 });
    expect(await reader.get('gaCode')).toBe('');
    await writer.set({ gaCode: 'G-123' });
    // Within the TTL the reader still serves its cached copy...
    expect(await reader.get('gaCode')).toBe('');
    await new Promise((r) => setTimeout(r, 350));
    // ...and after it, the stored value.
    expect(await reader.get('gaCode')).toBe('G-123');
  });

  it('hands out frozen values, so a caller cannot change the cached ones', async () => {
    const menus = await server.app.settings.get('menus');
    expect(() => menus.push({ title: 'Injected', path: '/x', section: 'header' })).toThrow(TypeError);
    // The public list (with the reflected keys) is built once per cache fill and frozen, as is all inside it.
    const publicSettings = await server.app.settings.getPublic();
    expect(() => publicSettings.menus.push({ title: 'Injected', path: '/y', section: 'footer' })).toThrow(TypeError);
    expect(() => Object.assign(publicSettings, { siteName: 'Changed' })).toThrow(TypeError);
    expect(await server.app.settings.get('menus')).not.toContainEqual(expect.objectContaining({ title: 'Injected' }));
  });

  it('works a reflected value out once per cache fill, for the public reads (and the operators\' list when asked), never for get', async () => {
    const settings = createSettingsService(server.app.db, { cacheTtlMs: 60_000 });
    let computed = 0;
    settings.reflect('agoraEnable', (stored) => {
      computed += 1;
      return stored.agoraEnable && stored.gaCode === 'G-222222';
    });
    settings.reflect('paymentTestMode', () => true, { toOperators: true });
    await settings.set({ agoraEnable: true, gaCode: 'G-111111' });
    const first = await settings.getPublic();
    expect(first).toMatchObject({ agoraEnable: false, paymentTestMode: true });
    expect(await settings.getPublic()).toBe(first);
    expect(await settings.pick(['agoraEnable', 'paymentTestMode'])).toEqual({ agoraEnable: false, paymentTestMode: true });
    expect(await settings.get('agoraEnable')).toBe(true);
    expect(await settings.getAll()).toMatchObject({ agoraEnable: true, paymentTestMode: true });
    expect(computed).toBe(1);
    await settings.set({ gaCode: 'G-222222' });
    expect((await settings.getPublic()).agoraEnable).toBe(true);
    expect(computed).toBe(2);
    await settings.set({ agoraEnable: false, gaCode: '' });
  });

  it('falls back to the default when a stored value no longer fits its type', async () => {
    await server.app.db
      .insert(tables.settings)
      .values({ key: 'volume', value: 'very loud' })
      .onConflictDoUpdate({ target: tables.settings.key, set: { value: 'very loud' } });
    server.app.settings.invalidate();
    await expect(server.app.settings.get('volume')).resolves.toBe(1);
    const res = await server.app.inject({ method: 'GET', url: '/settings/public' });
    expect(res.json().data.volume).toBe(1);
  });
});
