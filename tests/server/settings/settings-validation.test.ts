import { startTestServer, type TestServer } from '../../support/server';
import { allRows, createUserWithToken, tables } from '../../support/db';

let server: TestServer;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;

jest.setTimeout(60_000);

beforeAll(async () => {
  server = await startTestServer();
  admin = await createUserWithToken(server.app, { role: 'admin', username: 'ops_settings' });
});
afterAll(() => server.close());

const put = (body: unknown) =>
  server.app.inject({ method: 'PUT', url: '/admin/settings', headers: { authorization: admin.token }, payload: body as object });
const storedRows = async () =>
  (await allRows(server.app, tables.settings)).map(({ key, value }) => ({ key, value })).sort((a, b) => a.key.localeCompare(b.key));
const auditRows = async () => (await allRows(server.app, tables.auditLog)).filter((r) => r.action === 'settings.update');
const publicSettings = async () => (await server.app.inject({ method: 'GET', url: '/settings/public' })).json().data;

const menu = (overrides: Record<string, unknown> = {}) => ({ title: 'Help', path: '/help', section: 'header', ...overrides });

describe('PUT /admin/settings refuses bad values, naming the field and storing nothing', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['a javascript: logo', { logoUrl: 'javascript:alert(1)' }, 'logoUrl'],
    ['a protocol-relative dark logo', { darkmodeLogoUrl: '//evil.example/logo.png' }, 'darkmodeLogoUrl'],
    ['a backslash path (read as another host)', { favicon: '/\\evil.example/f.ico' }, 'favicon'],
    ['a data: maintenance image', { maintenanceImage: 'data:image/png;base64,AAAA' }, 'maintenanceImage'],
    ['a URL with a space', { logoUrl: 'https://cdn.example/a logo.png' }, 'logoUrl'],
    ['a URL without a host', { logoUrl: 'https:///logo.png' }, 'logoUrl'],
    ['a too long URL', { logoUrl: `https://cdn.example/${'a'.repeat(2000)}` }, 'logoUrl'],
    ['a javascript: menu path', { menus: [menu({ path: 'javascript:alert(1)' })] }, 'menus.0.path'],
    ['a protocol-relative menu path', { menus: [menu(), menu({ path: '//evil.example' })] }, 'menus.1.path'],
    ['an empty menu path', { menus: [menu({ path: '' })] }, 'menus.0.path'],
    ['31 menu items', { menus: Array.from({ length: 31 }, (_, i) => menu({ title: `Item ${i}` })) }, 'menus'],
    ['a 51-character menu title', { menus: [menu({ title: 'x'.repeat(51) })] }, 'menus.0.title'],
    ['a blank menu title', { menus: [menu({ title: '  \u0007 ' })] }, 'menus.0.title'],
    ['an unknown menu section', { menus: [menu({ section: 'sidebar' })] }, 'menus.0.section'],
    ['an unknown gateway', { paymentGateway: 'paypal' }, 'paymentGateway'],
    ['a token rate under 0.01', { tokenConversionRate: 0.001 }, 'tokenConversionRate'],
    ['a token rate over 1000', { tokenConversionRate: 1000.5 }, 'tokenConversionRate'],
    ['a zero token rate', { tokenConversionRate: 0 }, 'tokenConversionRate'],
    ['a commission over 0.9', { performerCommission: 0.95 }, 'performerCommission'],
    ['a negative commission', { performerCommission: -0.1 }, 'performerCommission'],
    ['a commission finer than a basis point', { performerCommission: 0.12345 }, 'performerCommission'],
    ['a 101-character site name', { siteName: 'x'.repeat(101) }, 'siteName'],
    ['a 900 KB site name', { siteName: 'x'.repeat(900 * 1024) }, 'siteName'],
    ['an empty site name', { siteName: '' }, 'siteName'],
    ['a site name of spaces and control characters', { siteName: ' \u0000\u0007  ' }, 'siteName'],
    ['script in the GA code', { gaCode: "G-1');alert(1)//" }, 'gaCode'],
    ['a GA code of another shape', { gaCode: 'UA-1' }, 'gaCode'],
    ['a lower-case GA code', { gaCode: 'g-abc123' }, 'gaCode'],
    ['a Stripe secret key as the publishable key', { stripePublishableKey: 'sk_live_abc123' }, 'stripePublishableKey'],
    ['a 201-character Stripe key', { stripePublishableKey: `pk_test_${'a'.repeat(193)}` }, 'stripePublishableKey'],
    ['an Agora App ID that is not 32 hex', { agoraAppId: 'not-an-app-id' }, 'agoraAppId'],
    ['a footer over 20,000 characters', { footerContent: `<p>${'x'.repeat(20_000)}</p>` }, 'footerContent'],
    ['an admin email that is not one', { adminEmail: 'ops at example' }, 'adminEmail'],
    ['an admin email without a domain dot', { adminEmail: 'ops@localhost' }, 'adminEmail'],
    ['a price with three decimals', { minimumTipPrice: 10.555 }, 'minimumTipPrice'],
    ['a payout minimum with three decimals', { minimumPayoutAmount: 50.001 }, 'minimumPayoutAmount'],
    ['a price over a million', { maximumTipPrice: 1_000_001 }, 'maximumTipPrice'],
    ['a negative price', { minimumContentPrice: -1 }, 'minimumContentPrice'],
    ['a free subscription over a year', { freeSubscriptionDuration: 366 }, 'freeSubscriptionDuration'],
    ['251 blocked countries', { blockedCountries: Array.from({ length: 251 }, () => 'DE') }, 'blockedCountries'],
    ['a lower-case country', { blockedCountries: ['de'] }, 'blockedCountries.0'],
    ['an upload limit of 0 MB', { maxImageUploadMb: 0 }, 'maxImageUploadMb'],
    ['a volume over 1', { volume: 1.5 }, 'volume'],
    ['a boolean that is not one', { maintenanceMode: 'sometimes' }, 'maintenanceMode'],
    ['a good value beside a bad one', { siteName: 'Fine', logoUrl: 'javascript:alert(1)' }, 'logoUrl'],
  ];

  it.each(cases)('%s', async (_, body, field) => {
    const before = await storedRows();
    const audits = (await auditRows()).length;
    const res = await put(body);
    expect({ status: res.statusCode, fields: (res.json().details ?? []).map((d: { field: string }) => d.field) })
      .toEqual({ status: 400, fields: expect.arrayContaining([field]) });
    expect(res.json().message).toContain(field);
    expect(await storedRows()).toEqual(before);
    expect(await auditRows()).toHaveLength(audits);
  });

  it('words the problems for a person, not as a regex', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ logoUrl: 'javascript:alert(1)' }, 'logoUrl', 'logoUrl must be empty, an http(s) URL or a path on this site starting with /'],
      [{ menus: [menu({ path: '//x' })] }, 'menus.0.path', 'menus.0.path must be an http(s) URL or a path on this site starting with /'],
      [{ gaCode: 'nope' }, 'gaCode', 'gaCode must be empty or a Google Analytics id such as G-XXXXXXX or UA-1234567-1'],
      [{ adminEmail: 'x' }, 'adminEmail', 'adminEmail must be empty or an email address'],
      [{ paymentGateway: 'paypal' }, 'paymentGateway', 'paymentGateway must be one of: stripe'],
      [{ paymentGateway: 'sandbox' }, 'paymentGateway', 'paymentGateway must be one of: stripe'],
      [{ paymentTestMode: false }, 'paymentTestMode', 'paymentTestMode is worked out by the server from its configuration and cannot be set'],
      [{ siteName: 'x'.repeat(101) }, 'siteName', 'siteName must be at most 100 characters'],
    ];
    for (const [body, field, message] of cases) expect((await put(body)).json().details).toEqual([{ field, message }]);
  });

  it('refuses a minimum above its maximum with 422 naming the changed side, storing nothing', async () => {
    const before = await storedRows();
    const res = await put({ maximumWalletPrice: 1 });
    expect(res.statusCode).toBe(422);
    expect(res.json().details).toEqual([{ field: 'maximumWalletPrice', message: 'minimumWalletPrice (2.95) must not exceed maximumWalletPrice (1)' }]);
    expect(await storedRows()).toEqual(before);
  });

  it('applies the same rules when the service is called directly (the CLI)', async () => {
    await expect(server.app.settings.set({ logoUrl: 'javascript:alert(1)' })).rejects.toMatchObject({ statusCode: 400, details: [{ field: 'logoUrl' }] });
    await expect(server.app.settings.set({ siteName: '   ' })).rejects.toMatchObject({ statusCode: 400, details: [{ field: 'siteName', message: 'siteName must not be empty' }] });
  });
});

describe('PUT /admin/settings accepts good values and cleans them', () => {
  it('accepts the edges of every bound and both kinds of link', async () => {
    const good = {
      logoUrl: 'https://cdn.example/logo.png', darkmodeLogoUrl: '/images/logo-dark.png', favicon: '', maintenanceImage: 'http://cdn.example/m.jpg',
      menus: [menu({ path: '/' }), menu({ title: 'Blog', path: 'https://blog.example/?a=b#c', section: 'footer', isNewTab: true })],
      paymentGateway: 'stripe', tokenConversionRate: 0.01, performerCommission: 0.9, gaCode: 'UA-1234567-1',
      stripePublishableKey: 'pk_live_51Habc', agoraAppId: '0123456789ABCDEF0123456789abcdef', adminEmail: 'ops@example.com',
      freeSubscriptionDuration: 365, maximumTipPrice: 1_000_000, minimumPayoutAmount: 12.5,
    };
    const res = await put(good);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject(good);
    expect((await put({ tokenConversionRate: 1000, performerCommission: 0, gaCode: 'G-ABC1234', adminEmail: '' })).statusCode).toBe(200);
  });

  it('sanitises the footer with the shared allow-list and cleans names and lists', async () => {
    const res = await put({
      footerContent: '<p onclick="steal()">Hi <b>there</b><script>alert(1)</script> <a href="javascript:alert(1)">x</a> <a href="https://ok.example">ok</a></p><img src=x onerror=alert(1)>',
      siteName: '  My\u0007Site  ',
      menus: [menu({ title: '  Help  ', extra: 'dropped' })],
      blockedCountries: ['DE', 'FR', 'DE'],
    });
    expect(res.statusCode).toBe(200);
    const stored = Object.fromEntries((await storedRows()).map((r) => [r.key, r.value]));
    expect(stored.footerContent).toBe('<p>Hi <b>there</b> <a rel="noopener noreferrer">x</a> <a href="https://ok.example" rel="noopener noreferrer">ok</a></p>');
    expect(stored.siteName).toBe('My Site');
    expect(stored.menus).toEqual([{ title: 'Help', path: '/help', section: 'header' }]);
    expect(stored.blockedCountries).toEqual(['DE', 'FR']);
  });

  it('serves a stored value that breaks today\'s rules as its default', async () => {
    await server.app.db.insert(tables.settings).values({ key: 'logoUrl', value: 'javascript:alert(1)' })
      .onConflictDoUpdate({ target: tables.settings.key, set: { value: 'javascript:alert(1)' } });
    server.app.settings.invalidate();
    expect((await publicSettings()).logoUrl).toBe('');
  });
});

describe('the audit row of a settings change', () => {
  it('records one row per PUT with the changed keys only, and none when nothing changed', async () => {
    expect((await put({ siteName: 'Audited One', volume: 0.5 })).statusCode).toBe(200);
    const start = (await auditRows()).length;

    const res = await put({ siteName: 'Audited Two', volume: 0.5, maintenanceMode: false });
    expect(res.statusCode).toBe(200);
    const rows = await auditRows();
    expect(rows).toHaveLength(start + 1);
    expect(rows.at(-1)).toMatchObject({
      actorId: admin.user.id, actorUsername: 'ops_settings', action: 'settings.update', targetType: 'settings', targetId: null,
      before: { siteName: 'Audited One' }, after: { siteName: 'Audited Two' },
    });

    // The same values again: nothing written, nothing recorded.
    expect((await put({ siteName: 'Audited Two', volume: 0.5 })).statusCode).toBe(200);
    expect(await auditRows()).toHaveLength(start + 1);
  });

  it('compares lists and objects by value, whatever order the keys come in', async () => {
    expect((await put({ menus: [{ title: 'Help', path: '/help', section: 'footer', isNewTab: true }] })).statusCode).toBe(200);
    const start = (await auditRows()).length;
    // jsonb stores object keys in its own order; the same menu sent in another order is no change.
    expect((await put({ menus: [{ isNewTab: true, section: 'footer', path: '/help', title: 'Help' }] })).statusCode).toBe(200);
    expect(await auditRows()).toHaveLength(start);
    expect((await put({ menus: [{ title: 'Help', path: '/help', section: 'footer', isNewTab: false }] })).statusCode).toBe(200);
    const rows = await auditRows();
    expect(rows).toHaveLength(start + 1);
    expect(rows.at(-1)).toMatchObject({
      before: { menus: [{ title: 'Help', path: '/help', section: 'footer', isNewTab: true }] },
      after: { menus: [{ title: 'Help', path: '/help', section: 'footer', isNewTab: false }] },
    });
  });

  it('writes no audit row for a refused change', async () => {
    const start = (await auditRows()).length;
    expect((await put({ siteName: 'Never', minimumTipPrice: 20, maximumTipPrice: 15 })).statusCode).toBe(422);
    expect(await auditRows()).toHaveLength(start);
    expect((await publicSettings()).siteName).toBe('Audited Two');
  });
});

describe('maintenance mode and blocked countries take effect at once', () => {
  const GERMAN_IP = '85.214.132.117';
  const check = () => server.app.inject({ method: 'GET', url: '/block/countries/check', headers: { 'x-forwarded-for': GERMAN_IP } });

  it('answers the new maintenance mode on the very next request', async () => {
    // Warm the cache with the old value first: the change must not wait for it to expire.
    expect((await publicSettings()).maintenanceMode).toBe(false);
    expect((await put({ maintenanceMode: true, maintenanceImage: '/images/down.png' })).statusCode).toBe(200);
    expect(await publicSettings()).toMatchObject({ maintenanceMode: true, maintenanceImage: '/images/down.png' });
    const keys = await server.app.inject({ method: 'POST', url: '/settings/keys', payload: { keys: ['maintenanceMode'] } });
    expect(keys.json().data).toEqual({ maintenanceMode: true });
    expect((await put({ maintenanceMode: false })).statusCode).toBe(200);
    expect((await publicSettings()).maintenanceMode).toBe(false);
  });

  it('answers the new blocked countries on the very next request', async () => {
    expect((await put({ blockedCountries: ['FR'] })).statusCode).toBe(200);
    // Warm the cache with the old list first.
    expect((await check()).json().data).toEqual({ blocked: false, country: 'DE' });
    expect((await put({ blockedCountries: ['DE'] })).statusCode).toBe(200);
    expect((await check()).json().data).toEqual({ blocked: true, country: 'DE' });
    expect((await put({ blockedCountries: [] })).statusCode).toBe(200);
    expect((await check()).json().data).toEqual({ blocked: false, country: 'DE' });
  });
});
