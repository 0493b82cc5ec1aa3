import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../support/server';
import { allRows, createPerformerWithToken, createUserWithToken, tables } from '../../support/db';
import { linkToken, mailsTo } from '../../support/outbox';
import { PERFORMER_ATTRIBUTES, ageBandOf } from '../../../src/common/constants/performer-attributes';
import { performers, users } from '../../../src/server/db/schema';

// Jest ignores testTimeout inside `projects`; booting PGlite alone can take several seconds.
jest.setTimeout(60_000);

let server: TestServer;
type Account = Awaited<ReturnType<typeof createPerformerWithToken>>;
let a: Account;
let b: Account;
let fan: Awaited<ReturnType<typeof createUserWithToken>>;

beforeAll(async () => {
  server = await startTestServer();
  a = await createPerformerWithToken(server.app, { name: 'Ava Creator', username: 'ava', email: 'ava@example.com' }, {
    dateOfBirth: '1992-03-04', country: 'DE', gender: 'female', verificationStatus: 'not_submitted',
  });
  b = await createPerformerWithToken(server.app, { name: 'Bea Creator', username: 'bea', email: 'bea@example.com' }, {
    dateOfBirth: '1990-01-01',
  });
  fan = await createUserWithToken(server.app, { username: 'fanny' });
});
afterAll(() => server.close());

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  server.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
const getMe = (token: string) => call('GET', '/performers/me', token);
const putMe = (token: string, payload: object) => call('PUT', '/performers/me', token, payload);
const profileRow = async (id: string) => (await server.app.db.select().from(performers).where(eq(performers.userId, id)))[0];
const userRow = async (id: string) => (await server.app.db.select().from(users).where(eq(users.id, id)))[0];
/** Every row a profile request could touch, for "rejected means nothing written". */
const snapshot = async () => ({
  users: await allRows(server.app, tables.users),
  performers: await allRows(server.app, tables.performers),
  banking: await allRows(server.app, tables.performerBankingSettings),
  payment: await allRows(server.app, tables.performerPaymentSettings),
  sessions: await allRows(server.app, tables.sessions),
  authTokens: await allRows(server.app, tables.authTokens),
});
const yearsAgo = (years: number, days = 0) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

describe('GET /performers/me', () => {
  it('returns the creator\'s own profile with its private parts', async () => {
    const res = await getMe(a.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      _id: a.user.id,
      name: 'Ava Creator',
      username: 'ava',
      email: 'ava@example.com',
      avatar: `${server.config.webOrigin}/images/avatar-placeholder.svg`,
      cover: `${server.config.webOrigin}/images/cover-placeholder.svg`,
      bio: '',
      bioExcerpt: '',
      country: 'DE',
      city: null,
      languages: [],
      gender: 'female',
      dateOfBirth: '1992-03-04',
      age: ageBandOf('1992-03-04'),
      sexualOrientation: null,
      height: null,
      weight: null,
      bodyType: null,
      ethnicity: null,
      size: null,
      hairColor: null,
      eyeColor: null,
      socialLinks: {},
      welcomeVideo: null,
      verifiedDocument: false,
      hasIdDocument: false,
      hasSelfie: false,
      // No documents yet: not payable while the site requires verification (the default).
      verificationStatus: 'not_submitted',
      verificationNote: null,
      payable: false,
      isFreeSubscription: false,
      freeSubscriptionDays: 0,
      monthlyPrice: 9.95,
      yearlyPrice: 99.95,
      stats: { posts: 0, photos: 0, videos: 0, followers: 0, likes: 0, subscribers: 0 },
      isFollowed: false,
      isBookmarked: false,
      isSubscribed: false,
      subscription: null,
      bankingSettings: null,
      paymentGatewaySettings: null,
      createdAt: expect.any(String),
    });
    expect(res.body).not.toMatch(/password|argon2|private\//i);
  });
});

describe('roles', () => {
  const endpoints: [string, string, object | undefined][] = [
    ['GET', '/performers/me', undefined],
    ['PUT', '/performers/me', { name: 'x' }],
    ['DELETE', '/performers/welcome-video', undefined],
    ['PUT', '/performers/banking-settings', { firstName: 'F', lastName: 'L', bankName: 'B', accountNumber: '12345678', country: 'DE' }],
    ['PUT', '/performers/payment-gateway-settings', { payoutMethod: 'bank_transfer' }],
  ];

  it.each(endpoints)('%s %s: 401 without a token, 403 for a fan, writing nothing', async (method, url, payload) => {
    const before = await snapshot();
    const anon = await server.app.inject({ method: method as 'GET', url, headers: { authorization: '' }, ...(payload ? { payload } : {}) });
    expect(anon.statusCode).toBe(401);
    const asFan = await call(method as 'GET', url, fan.token, payload);
    expect(asFan.statusCode).toBe(403);
    expect(asFan.json().message).toBe('Only performer accounts can do this');
    expect(await snapshot()).toEqual(before);
  });

  it('GET /user-additional lists the attribute options to anyone', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/user-additional' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(PERFORMER_ATTRIBUTES);
    expect(res.json().data.genders.map((o: { value: string }) => o.value)).toEqual(['male', 'female', 'transgender']);
  });
});

describe('PUT /performers/me', () => {
  it('saves every profile field: bio sanitised, country upper-cased, prices in cents, languages trimmed', async () => {
    const res = await putMe(a.token, {
      name: '  Ava Star ',
      username: 'Ava.Star',
      bio: '<p>Hello <b>fans</b><script>alert(1)</script></p><img src=x onerror="alert(1)"><a href="javascript:alert(1)" onclick="steal()">x</a><a href="https://ava.example">site</a>',
      country: 'nl',
      city: '  Utrecht ',
      languages: [' English ', 'Dutch', 'english'],
      dateOfBirth: '1994-07-01',
      gender: 'transgender',
      sexualOrientation: 'bisexual',
      height: '170_172',
      weight: 'over_100',
      bodyType: 'gymBody',
      ethnicity: 'pacific_islander',
      size: 'x-large',
      hairColor: 'multiColored',
      eyeColor: 'hazel',
      socialLinks: { website: 'https://ava.example', twitter: 'http://twitter.com/ava' },
      monthlyPrice: 12.5,
      yearlyPrice: 120.99,
      isFreeSubscription: true,
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      _id: a.user.id,
      name: 'Ava Star',
      username: 'ava.star',
      country: 'NL',
      city: 'Utrecht',
      languages: ['English', 'Dutch'],
      dateOfBirth: '1994-07-01',
      age: ageBandOf('1994-07-01'),
      gender: 'transgender',
      bodyType: 'gymBody',
      socialLinks: { website: 'https://ava.example', twitter: 'http://twitter.com/ava' },
      monthlyPrice: 12.5,
      yearlyPrice: 120.99,
      isFreeSubscription: true,
      freeSubscriptionDays: 1,
    });
    expect(data.bio).toContain('<p>Hello <b>fans</b></p>');
    expect(data.bio).toContain('<a href="https://ava.example" rel="noopener noreferrer">site</a>');
    expect(data.bio).not.toMatch(/script|onerror|onclick|javascript:|<img/i);
    const row = await profileRow(a.user.id);
    expect(row).toMatchObject({ monthlyPriceCents: 1250, yearlyPriceCents: 12099, country: 'NL', bio: data.bio });
    // The public profile shows the same, minus the private parts.
    const pub = await server.app.inject({ method: 'GET', url: '/performers/ava.star' });
    expect(pub.json().data).toMatchObject({ bio: data.bio, monthlyPrice: 12.5, age: data.age });
    expect(pub.body).not.toMatch(/dateOfBirth|1994-07-01|email/);
  });

  it('clears nullable fields and keeps unsent ones', async () => {
    const res = await putMe(a.token, { city: null, gender: null, country: null });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ city: null, gender: null, country: null, name: 'Ava Star', bodyType: 'gymBody' });
  });

  it('shows the creator their own free-subscription choice even while the site has it switched off', async () => {
    await server.app.settings.set({ freeSubscriptionEnabled: false });
    try {
      const own = (await getMe(a.token)).json().data;
      expect(own).toMatchObject({ isFreeSubscription: true, freeSubscriptionDays: 0 });
      const pub = (await server.app.inject({ method: 'GET', url: `/performers/${a.user.id}` })).json().data;
      expect(pub).toMatchObject({ isFreeSubscription: false, freeSubscriptionDays: 0 });
    } finally {
      await server.app.settings.set({ freeSubscriptionEnabled: true });
    }
  });

  it('a new email waits for the link mailed to it; a new password signs out other sessions', async () => {
    // b has no password (a social sign-up) and signed in moments ago: that is its proof (auth/reauth.ts).
    await server.app.db.update(users).set({ emailVerified: true }).where(eq(users.id, b.user.id));
    const { token: other } = await server.app.tokens.issue(b.user.id, false);
    const res = await putMe(b.token, { email: 'Bea.New@Example.com', password: 'bea-new-password', bio: 'New bio' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ email: 'bea@example.com', bio: 'New bio' });
    expect(res.json().message).toMatch(/^We sent a confirmation link to bea.new@example.com/);
    expect((await userRow(b.user.id)).emailVerified).toBe(true);
    expect(await mailsTo(server.dataDir, 'bea.new@example.com')).toHaveLength(1);
    const link = await linkToken(server.dataDir, 'bea.new@example.com', '/auth/confirm-email');
    expect((await server.app.inject({ method: 'POST', url: '/auth/email/confirm', payload: { token: link } })).statusCode).toBe(200);
    expect(await userRow(b.user.id)).toMatchObject({ email: 'bea.new@example.com', emailVerified: true });
    expect((await getMe(b.token)).statusCode).toBe(200);
    expect((await getMe(other)).statusCode).toBe(401);
    const login = await server.app.inject({ method: 'POST', url: '/auth/login', payload: { username: 'bea', password: 'bea-new-password' } });
    expect(login.statusCode).toBe(200);
  });

  describe('price bounds (422, nothing written)', () => {
    afterEach(() => server.app.settings.set({ minimumSubscriptionPrice: 2.95, maximumSubscriptionPrice: 300 }));

    it.each([
      [{ monthlyPrice: 2.94 }, 'Monthly price must be between 2.95 and 300.00 tokens', ['monthlyPrice']],
      [{ monthlyPrice: 300.01 }, 'Monthly price must be between 2.95 and 300.00 tokens', ['monthlyPrice']],
      [{ yearlyPrice: 0 }, 'Yearly price must be between 2.95 and 300.00 tokens', ['yearlyPrice']],
      [{ yearlyPrice: 1000 }, 'Yearly price must be between 2.95 and 300.00 tokens', ['yearlyPrice']],
      [{ monthlyPrice: 1, yearlyPrice: 999, bio: 'not saved' }, 'Monthly price must be between 2.95 and 300.00 tokens; Yearly price', ['monthlyPrice', 'yearlyPrice']],
    ])('%j', async (payload, message, fields) => {
      const before = await snapshot();
      const res = await putMe(a.token, payload);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toContain(message);
      expect(res.json().details.map((d: { field: string }) => d.field)).toEqual(fields);
      expect(await snapshot()).toEqual(before);
    });

    it('follows the settings as the operator changes them, bounds inclusive', async () => {
      await server.app.settings.set({ minimumSubscriptionPrice: 5, maximumSubscriptionPrice: 50 });
      const before = await snapshot();
      const low = await putMe(a.token, { monthlyPrice: 4.99 });
      expect(low.statusCode).toBe(422);
      expect(low.json().message).toBe('Monthly price must be between 5.00 and 50.00 tokens');
      const high = await putMe(a.token, { yearlyPrice: 50.01 });
      expect(high.statusCode).toBe(422);
      expect(high.json().message).toBe('Yearly price must be between 5.00 and 50.00 tokens');
      expect(await snapshot()).toEqual(before);
      // Formerly valid prices are now out of range; the edges themselves are allowed.
      expect((await putMe(a.token, { monthlyPrice: 100 })).statusCode).toBe(422);
      const edges = await putMe(a.token, { monthlyPrice: 5, yearlyPrice: 50 });
      expect(edges.statusCode).toBe(200);
      expect(edges.json().data).toMatchObject({ monthlyPrice: 5, yearlyPrice: 50 });
    });
  });

  it.each([
    [{ gender: 'robot' }, 'gender'],
    [{ bodyType: 'GymBody' }, 'bodyType'],
    [{ height: '141_143' }, 'height'],
    [{ socialLinks: { website: 'javascript:alert(1)' } }, 'socialLinks.website'],
    [{ socialLinks: { twitter: 'ftp://files.example.com/x' } }, 'socialLinks.twitter'],
    [{ socialLinks: { myspace: 'https://myspace.com/a' } }, 'myspace'],
    [{ username: 'bad name!' }, 'username'],
    [{ username: 'a/b' }, 'username'],
    [{ monthlyPrice: 9.999 }, 'monthlyPrice'],
    [{ dateOfBirth: '2001-02-30' }, 'dateOfBirth'],
    [{ country: 'Germany' }, 'country'],
    [{ _id: 'someone-else' }, '_id'],
    [{ verifiedDocument: true }, 'verifiedDocument'],
  ])('rejects %j with 400 naming %s and writes nothing', async (payload, field) => {
    const before = await snapshot();
    const res = await putMe(a.token, { bio: 'should not be saved', ...payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(field);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses anyone under 18 with 422 (17 years and 364 days is still 17)', async () => {
    const before = await snapshot();
    for (const dateOfBirth of [yearsAgo(17), yearsAgo(18, 1), '2099-01-01']) {
      const res = await putMe(a.token, { dateOfBirth, bio: 'not saved' });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        message: 'You must be at least 18 years old',
        details: [{ field: 'dateOfBirth', message: 'You must be at least 18 years old' }],
      });
    }
    expect(await snapshot()).toEqual(before);
    const adult = await putMe(a.token, { dateOfBirth: yearsAgo(18) });
    expect(adult.statusCode).toBe(200);
    expect(adult.json().data.age).toBe('18_19');
  });

  it('answers 409 for a taken username or email and leaves the profile fields of the same request unsaved', async () => {
    const before = await snapshot();
    const taken = await putMe(a.token, { username: 'BEA', bio: 'must not stick', monthlyPrice: 20 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().details).toEqual([{ field: 'username', message: 'This username is already taken' }]);
    const email = await putMe(a.token, { email: 'bea.new@example.com', city: 'Nowhere' });
    expect(email.statusCode).toBe(409);
    expect(email.json().details).toEqual([{ field: 'email', message: 'This email address is already registered' }]);
    expect(await snapshot()).toEqual(before);
  });

  it.each(['auth', 'home', 'user', 'creator'])('refuses the reserved username %s with 400', async (username) => {
    const before = await snapshot();
    const res = await putMe(a.token, { username, bio: 'not saved' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'This username is reserved', details: [{ field: 'username' }] });
    expect(await snapshot()).toEqual(before);
  });
});

describe('PUT /performers/banking-settings and /performers/payment-gateway-settings', () => {
  const bank = { firstName: 'Ava', lastName: 'Star', bankName: 'Rabobank', accountNumber: 'NL91 ABNA 0417 1643 00', swiftCode: 'rabonl2u', country: 'nl' };

  it('stores the bank account and payout method, returned only to their owner', async () => {
    const res = await call('PUT', '/performers/banking-settings', a.token, bank);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.bankingSettings).toEqual({
      ...bank, swiftCode: 'RABONL2U', country: 'NL', routingNumber: '', address: '',
    });
    // Saving again updates the one row.
    const again = await call('PUT', '/performers/banking-settings', a.token, { ...bank, bankName: 'ING', address: 'Main St 1' });
    expect(again.json().data.bankingSettings).toMatchObject({ bankName: 'ING', address: 'Main St 1' });
    expect((await allRows(server.app, tables.performerBankingSettings)).filter((r) => r.performerId === a.user.id)).toHaveLength(1);

    const paypal = await call('PUT', '/performers/payment-gateway-settings', a.token, { payoutMethod: 'paypal', paypalEmail: 'Ava@PayPal.example' });
    expect(paypal.statusCode).toBe(200);
    expect(paypal.json().data.paymentGatewaySettings).toEqual({ payoutMethod: 'paypal', paypalEmail: 'ava@paypal.example' });
    const transfer = await call('PUT', '/performers/payment-gateway-settings', a.token, { payoutMethod: 'bank_transfer' });
    expect(transfer.json().data.paymentGatewaySettings).toEqual({ payoutMethod: 'bank_transfer' });

    // Nobody else sees any of it.
    const pub = await server.app.inject({ method: 'GET', url: `/performers/${a.user.id}`, headers: { authorization: b.token } });
    expect(pub.body).not.toMatch(/NL91|Rabobank|ING|bankingSettings|payout/);
    expect((await getMe(b.token)).json().data.bankingSettings).toBeNull();
  });

  it.each([
    ['/performers/payment-gateway-settings', { payoutMethod: 'paypal' }, 'Enter the PayPal email address payouts should go to'],
    ['/performers/payment-gateway-settings', { payoutMethod: 'cheque' }, 'payoutMethod'],
    ['/performers/payment-gateway-settings', { payoutMethod: 'paypal', paypalEmail: 'not-an-email' }, 'paypalEmail'],
    ['/performers/banking-settings', { ...bank, accountNumber: '12' }, 'accountNumber'],
    ['/performers/banking-settings', { ...bank, swiftCode: 'ABC' }, 'swiftCode'],
    ['/performers/banking-settings', { ...bank, firstName: '' }, 'firstName'],
    ['/performers/banking-settings', { ...bank, performerId: 'x' }, 'performerId'],
  ])('%s rejects %j with 400 and writes nothing', async (url, payload, message) => {
    const before = await snapshot();
    const res = await call('PUT', url, b.token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await snapshot()).toEqual(before);
  });
});

describe('one creator can never change another', () => {
  it('every mutating call with B\'s token changes B only', async () => {
    const aBefore = {
      user: await userRow(a.user.id),
      profile: await profileRow(a.user.id),
      banking: (await allRows(server.app, tables.performerBankingSettings)).filter((r) => r.performerId === a.user.id),
      payment: (await allRows(server.app, tables.performerPaymentSettings)).filter((r) => r.performerId === a.user.id),
    };
    expect(aBefore.banking).toHaveLength(1);
    const results = [
      await putMe(b.token, { name: 'Bea Changed', bio: 'B bio' }),
      await call('PUT', '/performers/banking-settings', b.token, { firstName: 'B', lastName: 'B', bankName: 'B bank', accountNumber: '99999999', country: 'FR' }),
      await call('PUT', '/performers/payment-gateway-settings', b.token, { payoutMethod: 'paypal', paypalEmail: 'b@example.com' }),
      await call('DELETE', '/performers/welcome-video', b.token),
    ];
    for (const res of results) {
      expect(res.statusCode).toBe(200);
      expect(res.json().data._id).toBe(b.user.id);
    }
    // Naming A in the body is not a way in: unknown properties are refused outright.
    for (const payload of [{ _id: a.user.id, name: 'x' }, { userId: a.user.id, name: 'x' }]) {
      expect((await putMe(b.token, payload)).statusCode).toBe(400);
    }
    expect(await userRow(a.user.id)).toEqual(aBefore.user);
    expect(await profileRow(a.user.id)).toEqual(aBefore.profile);
    expect((await allRows(server.app, tables.performerBankingSettings)).filter((r) => r.performerId === a.user.id)).toEqual(aBefore.banking);
    expect((await allRows(server.app, tables.performerPaymentSettings)).filter((r) => r.performerId === a.user.id)).toEqual(aBefore.payment);
    expect((await profileRow(b.user.id)).bio).toBe('B bio');
  });
});
