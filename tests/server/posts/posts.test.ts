import { startTestServer, type TestServer } from '../../support/server';
import { allRows, createPerformerWithToken, createUserWithToken, tables } from '../../support/db';
import type { Post, PostSummary } from '../../../src/common/contract/posts';
import { DEMO_PAGES, seedDemoPages } from '../../../src/server/seed/demo-pages';
import { call, type Caller } from '../social/social-helpers';

jest.setTimeout(60_000);

let server: TestServer;
let admin: Caller;
let fan: Caller;
let performer: Caller;
const anon: Caller = {};
beforeAll(async () => {
  server = await startTestServer();
  admin = { token: (await createUserWithToken(server.app, { role: 'admin' })).token };
  fan = { token: (await createUserWithToken(server.app)).token };
  performer = { token: (await createPerformerWithToken(server.app)).token };
});
afterAll(() => server.close());

type Body = Record<string, unknown>;
const create = (who: Caller, body: Body) => call(server.app, 'POST', '/admin/posts', who, body);
const update = (who: Caller, id: string, body: Body) => call(server.app, 'PUT', `/admin/posts/${id}`, who, body);
const remove = (who: Caller, id: string) => call(server.app, 'DELETE', `/admin/posts/${id}`, who);
const search = (query = '') => call(server.app, 'GET', `/posts/search${query}`);
const view = (who: Caller, id: string) => call(server.app, 'GET', `/posts/${id}`, who);
const snapshot = () => allRows(server.app, tables.posts).then((rows) => [...rows].sort((a, b) => a.id.localeCompare(b.id)));

async function page(body: Body): Promise<Post> {
  const res = await create(admin, body);
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

describe('admin CRUD', () => {
  it('creates a page with sanitised content', async () => {
    const res = await create(admin, {
      slug: 'faq', title: '  Questions  ', ordering: 5,
      content: '<p>Hello <b>there</b></p><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a>',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      _id: expect.any(String), slug: 'faq', title: 'Questions', ordering: 5, status: 'published',
      content: '<p>Hello <b>there</b></p><a rel="noopener noreferrer">x</a>', createdAt: expect.any(String), updatedAt: expect.any(String),
    });
  });

  it('edits, including the slug and the status, and deletes', async () => {
    const created = await page({ slug: 'temp-page', title: 'Temp' });
    const res = await update(admin, created._id, { slug: 'renamed-page', status: 'draft', content: '<p>New</p><script>x</script>' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: created._id, slug: 'renamed-page', title: 'Temp', status: 'draft', content: '<p>New</p>' });
    expect((await update(admin, created._id, {})).json().data.slug).toBe('renamed-page');
    expect((await remove(admin, created._id)).json()).toEqual({ data: { success: true } });
    expect((await remove(admin, created._id)).statusCode).toBe(404);
    expect((await view(admin, created._id)).statusCode).toBe(404);
  });

  it('keeps slugs unique (409) and well formed (400), writing nothing', async () => {
    const a = await page({ slug: 'slug-a', title: 'A' });
    await page({ slug: 'slug-b', title: 'B' });
    const before = await snapshot();
    const cases: [() => ReturnType<typeof create>, number, RegExp | string][] = [
      [() => create(admin, { slug: 'slug-a', title: 'Again' }), 409, 'This slug is already used by another page'],
      [() => update(admin, a._id, { slug: 'slug-b' }), 409, 'This slug is already used by another page'],
      [() => create(admin, { slug: 'Bad Slug', title: 'x' }), 400, 'Slug must be 1 to 60 lower-case letters, digits or hyphens'],
      [() => create(admin, { slug: 'ümlaut', title: 'x' }), 400, 'Slug must be 1 to 60 lower-case letters, digits or hyphens'],
      [() => create(admin, { slug: 'a'.repeat(61), title: 'x' }), 400, 'slug must be at most 60 characters'],
      [() => create(admin, { slug: '', title: 'x' }), 400, 'slug must be at least 1 characters'],
      [() => update(admin, a._id, { slug: 'UPPER' }), 400, 'Slug must be 1 to 60 lower-case letters, digits or hyphens'],
      [() => create(admin, { slug: 'ok-slug', title: '   ' }), 400, 'Title cannot be empty'],
      [() => create(admin, { slug: 'ok-slug' }), 400, 'title is required'],
      [() => create(admin, { slug: 'ok-slug', title: 'x', status: 'hidden' }), 400, /status must be one of/],
      [() => create(admin, { slug: 'ok-slug', title: 'x', ordering: -1 }), 400, /ordering/],
      [() => create(admin, { slug: 'ok-slug', title: 'x', extra: 1 }), 400, 'extra is not allowed'],
      [() => update(admin, 'abc', { title: 'x' }), 400, 'id must be a valid uuid'],
      [() => update(admin, '00000000-0000-4000-8000-000000000000', { title: 'x' }), 404, 'Page not found'],
      [() => remove(admin, 'abc'), 400, 'id must be a valid uuid'],
    ];
    for (const [send, status, message] of cases) {
      const res = await send();
      expect([res.statusCode, res.json().message]).toEqual([status, typeof message === 'string' ? message : expect.stringMatching(message)]);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('is for admins only', async () => {
    const target = await page({ slug: 'guarded', title: 'Guarded' });
    const before = await snapshot();
    for (const who of [fan, performer]) {
      for (const res of [
        await create(who, { slug: 'mine', title: 'Mine' }),
        await update(who, target._id, { title: 'Mine' }),
        await remove(who, target._id),
        await call(server.app, 'GET', '/admin/posts', who),
      ]) {
        expect([res.statusCode, res.json().message]).toEqual([403, 'Only admin accounts can do this']);
      }
    }
    for (const res of [await create(anon, { slug: 'x', title: 'x' }), await remove(anon, target._id), await call(server.app, 'GET', '/admin/posts')]) {
      expect(res.statusCode).toBe(401);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('lists every page for admins, drafts included, filtered by status and q', async () => {
    await page({ slug: 'secret-draft', title: 'Secret draft', status: 'draft' });
    const all = (await call(server.app, 'GET', '/admin/posts?limit=100', admin)).json().data;
    expect(all.total).toBe((await snapshot()).length);
    const drafts = (await call(server.app, 'GET', '/admin/posts?status=draft', admin)).json().data;
    expect(drafts.data.map((p: Post) => p.slug)).toEqual(['secret-draft']);
    const q = (await call(server.app, 'GET', '/admin/posts?q=secret', admin)).json().data;
    expect(q.data.map((p: Post) => p.slug)).toEqual(['secret-draft']);
  });
});

describe('public reads', () => {
  let published: Post;
  let draft: Post;
  beforeAll(async () => {
    published = await page({ slug: 'hello-world', title: 'Hello 100% world', ordering: 1, content: '<p>Hi</p>' });
    draft = await page({ slug: 'not-yet', title: 'Not yet', status: 'draft' });
  });

  it('searches published pages in footer order, without their content', async () => {
    const res = await search('?limit=100');
    expect(res.statusCode).toBe(200);
    const { data, total } = res.json().data as { data: PostSummary[]; total: number };
    expect(data.map((p) => p.slug)).not.toContain('not-yet');
    expect(data.map((p) => p.slug)).not.toContain('secret-draft');
    expect(total).toBe(data.length);
    expect(data.find((p) => p.slug === 'hello-world')).toEqual({ _id: published._id, slug: 'hello-world', title: 'Hello 100% world', ordering: 1 });
    const orderings = data.map((p) => p.ordering);
    expect(orderings).toEqual([...orderings].sort((a, b) => a - b));
  });

  it('matches q literally in the title', async () => {
    expect((await search('?q=100%25')).json().data.data.map((p: PostSummary) => p.slug)).toEqual(['hello-world']);
    expect((await search('?q=%25')).json().data.data.map((p: PostSummary) => p.slug)).toEqual(['hello-world']);
    expect((await search('?q=zzz')).json().data).toEqual({ data: [], total: 0 });
    expect((await search(`?q=${'x'.repeat(101)}`)).statusCode).toBe(400);
  });

  it('shows a page by id or slug; drafts only to admins', async () => {
    for (const key of [published._id, 'hello-world', 'HELLO-WORLD', published._id.toUpperCase()]) {
      const res = await view(anon, key);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ _id: published._id, content: '<p>Hi</p>', status: 'published' });
    }
    for (const who of [anon, fan, performer]) {
      for (const key of [draft._id, 'not-yet']) {
        const res = await view(who, key);
        expect([res.statusCode, res.json().message]).toEqual([404, 'Page not found']);
      }
    }
    expect((await view(admin, 'not-yet')).json().data.status).toBe('draft');
    expect((await view(anon, 'no-such-page')).statusCode).toBe(404);
    expect((await view(anon, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('demo pages', () => {
  it('seeds about, terms, privacy and guidelines, published and clean', async () => {
    const fresh = await startTestServer();
    try {
      await seedDemoPages(fresh.app.db);
      const res = await fresh.app.inject({ method: 'GET', url: '/posts/search' });
      expect(res.json().data.data.map((p: PostSummary) => p.slug)).toEqual(['about', 'terms-of-service', 'privacy-policy', 'community-guidelines']);
      for (const demo of DEMO_PAGES) {
        const body = (await fresh.app.inject({ method: 'GET', url: `/posts/${demo.slug}` })).json().data as Post;
        expect(body.title).toBe(demo.title);
        expect(body.content.length).toBeGreaterThan(800);
        expect(body.content).not.toMatch(/lorem|\n/i);
        expect(body.content.startsWith('<p>')).toBe(true);
      }
    } finally {
      await fresh.close();
    }
  });
});
