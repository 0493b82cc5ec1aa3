import { startTestServer, type TestServer } from '../../support/server';
import { createPerformerWithToken, createUserWithToken, tables } from '../../support/db';
import { createViewWindow } from '../../../src/server/lib/view-window';
import { call, createGallery, galleryRow, GB_IP } from './gallery-helpers';

jest.setTimeout(60_000);

let server: TestServer;
let creator: { id: string; token: string };

beforeAll(async () => {
  server = await startTestServer();
  const c = await createPerformerWithToken(server.app);
  creator = { id: c.user.id, token: c.token };
});
afterAll(() => server.close());

const view = (as: { token?: string; ip?: string } | null, id: string) => call(server.app, as, 'POST', `/performer-assets/galleries/${id}/view`);

describe('counting gallery views', () => {
  it('counts once per signed-in viewer per hour, once per address for visitors, never the creator', async () => {
    const g = await createGallery(server.app, creator.token, { title: 'Viewed', access: 'sale', price: 3 });
    const fan = await createUserWithToken(server.app);
    const other = await createUserWithToken(server.app);

    expect((await view({ token: fan.token }, g._id)).json().data).toEqual({ views: 1, counted: true });
    expect((await view({ token: fan.token }, g._id)).json().data).toEqual({ views: 1, counted: false });
    expect((await view({ token: other.token }, g._id)).json().data).toEqual({ views: 2, counted: true });
    expect((await view({ ip: '8.8.4.4' }, g._id)).json().data).toEqual({ views: 3, counted: true });
    expect((await view({ ip: '8.8.4.4' }, g._id)).json().data).toEqual({ views: 3, counted: false });
    expect((await view({ ip: '1.1.1.1' }, g._id)).json().data).toEqual({ views: 4, counted: true });
    expect((await view({ token: creator.token }, g._id)).json().data).toEqual({ views: 4, counted: false });
    expect((await galleryRow(server.app, g._id))!.totalViews).toBe(4);

    const detail = await call(server.app, null, 'GET', `/performer-assets/galleries/${g._id}`);
    expect(detail.json().data).toMatchObject({ views: 4, stats: { views: 4 }, isLocked: true });
  });

  it('counts each gallery separately, and concurrent views exactly', async () => {
    const a = await createGallery(server.app, creator.token, { title: 'A' });
    const b = await createGallery(server.app, creator.token, { title: 'B' });
    const fans = await Promise.all(Array.from({ length: 10 }, () => createUserWithToken(server.app)));
    await Promise.all(fans.flatMap((f) => [view({ token: f.token }, a._id), view({ token: f.token }, a._id), view({ token: f.token }, b._id)]));
    expect((await galleryRow(server.app, a._id))!.totalViews).toBe(10);
    expect((await galleryRow(server.app, b._id))!.totalViews).toBe(10);
  });

  it('refuses hidden, blocked and malformed galleries without counting', async () => {
    const draft = await createGallery(server.app, creator.token, { title: 'Draft', status: 'draft' });
    expect((await view(null, draft._id)).statusCode).toBe(404);
    const open = await createGallery(server.app, creator.token, { title: 'Open' });
    await server.app.db.insert(tables.blockedCountries).values({ performerId: creator.id, country: 'GB' });
    expect((await view({ ip: GB_IP }, open._id)).statusCode).toBe(403);
    expect((await view(null, 'nope')).statusCode).toBe(400);
    expect((await galleryRow(server.app, draft._id))!.totalViews).toBe(0);
    expect((await galleryRow(server.app, open._id))!.totalViews).toBe(0);
  });
});

describe('the view window', () => {
  it('forgets a key after the hour and keeps memory bounded', () => {
    let now = 0;
    const window = createViewWindow({ ttlMs: 1000, maxEntries: 3, now: () => now });
    expect(window.take('a')).toBe(true);
    expect(window.take('a')).toBe(false);
    now = 999;
    expect(window.take('a')).toBe(false);
    now = 1000;
    expect(window.take('a')).toBe(true);
    for (const key of ['b', 'c', 'd', 'e']) expect(window.take(key)).toBe(true);
    expect(window.size).toBeLessThanOrEqual(3);
    // The oldest went first: 'a' (renewed at 1000, but before b..e) counts again, 'e' does not.
    expect(window.take('e')).toBe(false);
    expect(window.take('a')).toBe(true);
  });
});
