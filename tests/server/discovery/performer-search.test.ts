import { startTestServer, type TestServer } from '../../support/server';
import { createPerformerWithToken, createUserWithToken } from '../../support/db';

// Jest ignores testTimeout inside `projects`; booting PGlite alone can take several seconds.
jest.setTimeout(60_000);

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);
/** A date of birth that makes someone `years` old (plus a few days) today. */
const bornYearsAgo = (years: number) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - 10);
  return d.toISOString().slice(0, 10);
};

let server: TestServer;
const ids: Record<'zara' | 'marco' | 'nia' | 'kenji', string> = { zara: '', marco: '', nia: '', kenji: '' };
let inactiveId: string;
let fanId: string;
let fanToken: string;

beforeAll(async () => {
  server = await startTestServer();
  const app = server.app;
  ids.zara = (await createPerformerWithToken(app, { name: 'Zara Quill', username: 'zaraq', createdAt: ago(5) }, {
    bio: '<p>Watercolour painter, <b>sketchbook</b> tours every week.</p>', gender: 'female', sexualOrientation: 'straight',
    country: 'GB', dateOfBirth: bornYearsAgo(22), height: '164_166', weight: '56_60', bodyType: 'slim', ethnicity: 'white',
    size: 'small', hairColor: 'red', eyeColor: 'green', isFreeSubscription: true, totalFollowers: 5, totalSubscribers: 1, updatedAt: ago(1),
  })).user.id;
  ids.marco = (await createPerformerWithToken(app, { name: 'Marco Quill', username: 'marcobeats', createdAt: ago(3) }, {
    bio: 'Drummer and beat maker.', gender: 'male', sexualOrientation: 'gay', country: 'US', dateOfBirth: bornYearsAgo(31),
    height: '182_184', weight: '81_85', bodyType: 'muscular', ethnicity: 'latino', size: 'large', hairColor: 'black', eyeColor: 'brown',
    totalFollowers: 10, totalSubscribers: 0, updatedAt: ago(4),
  })).user.id;
  ids.nia = (await createPerformerWithToken(app, { name: 'Nia Okafor', username: 'nia.cooks', createdAt: ago(1) }, {
    bio: 'Chef sharing West African recipes.', gender: 'female', sexualOrientation: 'bisexual', country: 'NG', dateOfBirth: bornYearsAgo(45),
    height: '170_172', weight: '66_70', bodyType: 'curvy', ethnicity: 'black', size: 'medium', hairColor: 'black', eyeColor: 'brown',
    isFreeSubscription: true, totalFollowers: 2, totalSubscribers: 7, updatedAt: ago(2),
  })).user.id;
  ids.kenji = (await createPerformerWithToken(app, { name: 'Kenji Watanabe', username: 'kenji', createdAt: ago(10) }, {
    bio: 'Street photography in Tokyo.', gender: 'male', sexualOrientation: 'straight', country: 'JP', dateOfBirth: bornYearsAgo(55),
    updatedAt: ago(3),
  })).user.id;
  inactiveId = (await createPerformerWithToken(app, { name: 'Quill Inactive', status: 'inactive' }, { totalFollowers: 99 })).user.id;
  const fan = await createUserWithToken(app, { name: 'Quill Fan' });
  fanId = fan.user.id;
  fanToken = fan.token;
});
afterAll(() => server.close());

const search = (query: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url: `/performers/user/search?${query}`, headers });

/** The fixture creators among the results, in result order. */
async function found(query: string, headers?: Record<string, string>): Promise<string[]> {
  const res = await search(query, headers);
  expect(res.statusCode).toBe(200);
  const fixture = new Map(Object.entries(ids).map(([k, v]) => [v, k]));
  return (res.json().data.data as { _id: string }[]).map((p) => fixture.get(p._id)).filter((k): k is string => Boolean(k));
}

describe('GET /performers/user/search: text', () => {
  it('matches words of the name, username and bio by prefix, all words required', async () => {
    expect((await found('q=quill')).sort()).toEqual(['marco', 'zara']);
    expect((await found('q=QUI')).sort()).toEqual(['marco', 'zara']);
    expect(await found('q=zar%20qui')).toEqual(['zara']);
    expect(await found('q=sketch')).toEqual(['zara']);
    expect(await found('q=marcob')).toEqual(['marco']);
    expect(await found('q=tokyo%20street')).toEqual(['kenji']);
    expect(await found('q=quill%20tokyo')).toEqual([]);
  });

  it('finds a username with dots whole or by its parts', async () => {
    expect(await found('q=nia.cooks')).toEqual(['nia']);
    expect(await found('q=nia.co')).toEqual(['nia']);
    expect(await found('q=okafor')).toEqual(['nia']);
  });

  it('ranks the better match first with the default sort, and not with a chosen one', async () => {
    // A name match (weight A) outranks a bio match (weight B) even against many more followers.
    const named = await createPerformerWithToken(server.app, { name: 'Lumen Star', createdAt: ago(20) }, { totalFollowers: 0 });
    const inBio = await createPerformerWithToken(server.app, { name: 'Other Person', createdAt: ago(21) }, { bio: 'Lumen', totalFollowers: 50 });
    const order = async (query: string) =>
      ((await search(query)).json().data.data as { _id: string }[]).map((p) => p._id);
    expect(await order('q=lumen')).toEqual([named.user.id, inBio.user.id]);
    expect(await order('q=lumen&sortBy=popular')).toEqual([named.user.id, inBio.user.id]);
    expect(await order('q=lumen&sortBy=newest')).toEqual([named.user.id, inBio.user.id]);
    expect(await order('q=lumen&sortBy=updatedAt&sort=asc')).toEqual([named.user.id, inBio.user.id]);
    expect(await order('q=lumen&sortBy=updatedAt')).toEqual([inBio.user.id, named.user.id]);
    expect(await order('q=lumen&sortBy=subscribers')).toEqual([inBio.user.id, named.user.id]);
  });

  it('takes SQL and tsquery syntax as plain text', async () => {
    for (const q of ["o'reilly & | ! :*", "'; drop table users; --", '((((', '\\', '!!!', ':*', 'a:* | b', '%_%', 'ééé', '1.5 -x- .a']) {
      const res = await search(`q=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(200);
    }
    // Nothing left but punctuation: no text filter at all.
    expect((await found(`q=${encodeURIComponent('&|!')}`)).sort()).toEqual(['kenji', 'marco', 'nia', 'zara']);
  });
});

describe('GET /performers/user/search: filters', () => {
  const cases: [string, string[]][] = [
    ['gender=female', ['nia', 'zara']],
    ['gender=male', ['kenji', 'marco']],
    ['sexualOrientation=straight', ['kenji', 'zara']],
    ['country=gb', ['zara']],
    ['country=US', ['marco']],
    ['age=20_24', ['zara']],
    ['age=30_34', ['marco']],
    ['age=45_49', ['nia']],
    ['age=over_50', ['kenji']],
    ['age=18_19', []],
    ['height=182_184', ['marco']],
    ['weight=66_70', ['nia']],
    ['bodyType=slim', ['zara']],
    ['ethnicity=latino', ['marco']],
    ['size=medium', ['nia']],
    ['hairColor=black', ['marco', 'nia']],
    ['eyeColor=green', ['zara']],
    ['isFreeSubscription=true', ['nia', 'zara']],
    ['isFreeSubscription=false', ['kenji', 'marco']],
    ['gender=female&isFreeSubscription=true&country=NG', ['nia']],
    ['q=quill&gender=male', ['marco']],
  ];
  it.each(cases)('%s', async (query, expected) => {
    expect((await found(`${query}&limit=100`)).sort()).toEqual(expected);
  });

  it('never lists inactive creators or fans', async () => {
    const res = await search('limit=100&q=quill');
    const listed = (res.json().data.data as { _id: string }[]).map((p) => p._id);
    expect(listed).not.toContain(inactiveId);
    expect(listed).not.toContain(fanId);
    expect(res.json().data.total).toBe(2);
  });

  it('answers 400 for unknown attribute values and out-of-range paging', async () => {
    for (const query of ['gender=robot', 'age=10_12', 'bodyType=round', 'country=GBR', 'limit=1000', 'limit=0', 'offset=-1',
      'sortBy=cheapest', 'sort=sideways', 'isFreeSubscription=maybe', `q=${'x'.repeat(101)}`]) {
      const res = await search(query);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });
});

describe('GET /performers/user/search: sorts and paging', () => {
  it('popular: followers + subscribers, most first', async () => {
    expect(await found('limit=100')).toEqual(['marco', 'nia', 'zara', 'kenji']);
    expect(await found('sortBy=popular&limit=100')).toEqual(['marco', 'nia', 'zara', 'kenji']);
  });

  it('newest: most recently joined first', async () => {
    expect(await found('sortBy=newest&limit=100')).toEqual(['nia', 'marco', 'zara', 'kenji']);
  });

  it('subscribers: most subscribers first', async () => {
    expect(await found('sortBy=subscribers&limit=100')).toEqual(['nia', 'zara', 'marco', 'kenji']);
  });

  it('updatedAt: honours asc and desc', async () => {
    expect(await found('sortBy=updatedAt&limit=100')).toEqual(['zara', 'nia', 'kenji', 'marco']);
    expect(await found('sortBy=updatedAt&sort=asc&limit=100')).toEqual(['marco', 'kenji', 'nia', 'zara']);
  });

  it('pages with offset and limit; total counts every match', async () => {
    const all = (await search('sortBy=newest&limit=100')).json().data;
    const pages = [];
    for (let offset = 0; offset < all.total; offset += 2) {
      const page = (await search(`sortBy=newest&limit=2&offset=${offset}`)).json().data;
      expect(page.total).toBe(all.total);
      expect(page.data.length).toBeLessThanOrEqual(2);
      pages.push(...page.data.map((p: { _id: string }) => p._id));
    }
    expect(pages).toEqual(all.data.map((p: { _id: string }) => p._id));
    const filtered = (await search('gender=female&limit=1')).json().data;
    expect(filtered).toMatchObject({ total: 2, data: [expect.objectContaining({ _id: ids.nia })] });
  });

  it('returns cards with the viewer flags and no private fields', async () => {
    const res = await search('q=zaraq', { authorization: fanToken });
    const [card] = res.json().data.data;
    expect(card).toMatchObject({
      _id: ids.zara, name: 'Zara Quill', username: 'zaraq', country: 'GB', gender: 'female', isFreeSubscription: true,
      bioExcerpt: 'Watercolour painter, sketchbook tours every week.', stats: expect.objectContaining({ followers: 5, subscribers: 1 }),
      isFollowed: false, isBookmarked: false,
    });
    expect(res.body).not.toMatch(/dateOfBirth|email|searchVector|search_vector/);
  });
});

describe('GET /performers/search/random and /performers/top', () => {
  const listIds = async (url: string, headers: Record<string, string> = {}) => {
    const res = await server.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode).toBe(200);
    return (res.json().data.data as { _id: string }[]).map((p) => p._id);
  };

  it('top orders by followers + subscribers and honours the limit', async () => {
    expect(await listIds('/performers/top?limit=2')).toHaveLength(2);
    const res = await server.app.inject({ method: 'GET', url: '/performers/top?limit=50' });
    const cards = res.json().data.data as { _id: string; stats: { followers: number; subscribers: number } }[];
    const scores = cards.map((c) => c.stats.followers + c.stats.subscribers);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const fixture = Object.values(ids);
    expect(cards.map((c) => c._id).filter((id) => fixture.includes(id))).toEqual([ids.marco, ids.nia, ids.zara, ids.kenji]);
    expect(res.json().data.total).toBe(cards.length);
    expect(cards.map((c) => c._id)).not.toContain(inactiveId);
  });

  it('random lists visible creators only, those with an avatar first', async () => {
    const withAvatar = await createPerformerWithToken(server.app, { name: 'Avatar Person', avatarPath: 'public/avatars/x.webp' });
    const random = await listIds('/performers/search/random?limit=3');
    expect(random).toHaveLength(3);
    expect(random[0]).toBe(withAvatar.user.id);
    const everyone = await listIds('/performers/search/random?limit=50');
    expect(everyone).toEqual(expect.arrayContaining([...Object.values(ids), withAvatar.user.id]));
    expect(everyone).not.toContain(inactiveId);
    expect(everyone).not.toContain(fanId);
  });

  it('answers 400 for a limit out of range', async () => {
    for (const url of ['/performers/top?limit=1000', '/performers/search/random?limit=0', '/performers/top?limit=abc']) {
      expect((await server.app.inject({ method: 'GET', url })).statusCode).toBe(400);
    }
  });
});
