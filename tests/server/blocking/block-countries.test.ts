import { startTestServer, type TestServer } from '../../support/server';
import { createPerformerWithToken, createUserWithToken } from '../../support/db';
import { call, socialSnapshot } from '../social/social-helpers';

jest.setTimeout(60_000);

let server: TestServer;
type Account = Awaited<ReturnType<typeof createUserWithToken>>;
let creatorA: Account;
let creatorB: Account;
beforeAll(async () => {
  server = await startTestServer();
  creatorA = await createPerformerWithToken(server.app);
  creatorB = await createPerformerWithToken(server.app);
});
afterAll(() => server.close());

const put = (who: Account, payload: unknown) => call(server.app, 'POST', '/block/countries', who, payload as object);
const get = (who: Account) => call(server.app, 'GET', '/block/countries', who);

describe('POST and GET /block/countries', () => {
  it('starts empty', async () => {
    expect((await get(creatorA)).json()).toEqual({ data: { countries: [] } });
  });

  it('replaces my list, upper-casing codes', async () => {
    const res = await put(creatorA, { countries: ['gb', 'US', 'de'] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { countries: ['DE', 'GB', 'US'] } });
    expect((await get(creatorA)).json()).toEqual({ data: { countries: ['DE', 'GB', 'US'] } });
    expect((await put(creatorA, { countries: ['fr', 'FR'] })).json()).toEqual({ data: { countries: ['FR'] } });
    expect((await get(creatorA)).json().data.countries).toEqual(['FR']);
  });

  it('keeps each creator\'s list apart', async () => {
    await put(creatorB, { countries: ['JP'] });
    expect((await get(creatorA)).json().data.countries).toEqual(['FR']);
    expect((await get(creatorB)).json().data.countries).toEqual(['JP']);
  });

  it('rejects unknown codes and malformed bodies, keeping the old list', async () => {
    const before = await socialSnapshot(server.app);
    const cases: [unknown, string | RegExp][] = [
      [{ countries: ['GB', 'ZZ'] }, 'Unknown country code: ZZ'],
      [{ countries: ['xx'] }, 'Unknown country code: xx'],
      [{ countries: ['GBR'] }, /countries\.0/],
      [{ countries: ['G1'] }, /countries\.0/],
      [{ countries: { GB: true } }, /countries/],
      [{ countries: ['GB', 'GB'] }, /countries/],
      [{ countries: ['GB'], extra: 1 }, 'extra is not allowed'],
      [{}, 'countries is required'],
    ];
    for (const [payload, message] of cases) {
      const res = await put(creatorA, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
    }
    const unknown = await put(creatorA, { countries: ['GB', 'ZZ'] });
    expect(unknown.json().details).toEqual([{ field: 'countries.1', message: 'Unknown country code: ZZ' }]);
    expect(await socialSnapshot(server.app)).toEqual(before);
  });

  it('clears the list with an empty array', async () => {
    expect((await put(creatorA, { countries: [] })).json()).toEqual({ data: { countries: [] } });
    expect((await get(creatorB)).json().data.countries).toEqual(['JP']);
  });
});
