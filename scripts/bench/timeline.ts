/**
 * The fans' timeline at scale: fills a scratch database with creators and posts (a fifth with a
 * photo), one fan who follows some creators and subscribes to others, then times the timeline's
 * first page, pages deep into it through the keyset cursor, and one creator's feed, through the
 * real app (inject: routing, validation, SQL, access rules, signed URLs and serialisation).
 *
 *   npx tsx scripts/bench/timeline.ts [creators=2000] [postsPerCreator=100] [runs=30] [depth=500]
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/bench/timeline.ts 10000 100
 *
 * Default is in-memory PGlite; with BENCH_DATABASE_URL a database is created on that server for
 * the run and dropped afterwards. Targets (issue 18): p95 under 50 ms per page on PostgreSQL, and
 * page `depth` (500) at most 1.5 times page 1 with 1,000,000 posts (10000 creators x 100).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { scratchDatabase, timeCalls } from './bench-lib';

const creators = Number(process.argv[2] ?? 2_000);
const postsPerCreator = Number(process.argv[3] ?? 100);
const runs = Number(process.argv[4] ?? 30);
const depth = Number(process.argv[5] ?? 500);
const FOLLOWED = Math.min(300, creators);
const SUBSCRIBED = Math.min(50, creators);

async function main() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cp-bench-'));
  const database = await scratchDatabase();
  const app = await buildApp(
    loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: database.url, SEED_DEMO: 'false', LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '1000000' }),
    { logger: false },
  );
  await app.ready();
  try {
    const fill = Date.now();
    const run = (text: string) => app.db.execute(sql.raw(text));
    await run(`
      insert into users (id, role, name, username, email, email_verified, created_at)
      select gen_random_uuid(), 'performer', 'Creator ' || g, 'creator' || g, 'creator' || g || '@bench.test', true, now() - interval '400 days'
      from generate_series(1, ${creators}) g`);
    await run(`insert into performers (user_id) select id from users where role = 'performer'`);
    await run(`insert into users (id, role, name, username, email, email_verified) values (gen_random_uuid(), 'user', 'Bench Fan', 'benchfan', 'fan@bench.test', true)`);
    // Posts spread over the last year; every fifth is for subscribers, every tenth for sale.
    await run(`
      insert into feeds (performer_id, text, access, price_cents, publish_at, created_at, updated_at)
      select p.user_id, 'Post ' || g || ' of ' || p.user_id,
             case when g % 10 = 0 then 'sale' when g % 5 = 0 then 'subscribers' else 'free' end,
             case when g % 10 = 0 then 499 else 0 end, t, t, t
      from performers p, generate_series(1, ${postsPerCreator}) g,
           lateral (select now() - (random() * 365 || ' days')::interval as t) at`);
    // A photo on a fifth of the posts; the file id is derived from the post id so both inserts agree.
    const photoId = `md5(f.id::text || 'photo')::uuid`;
    await run(`
      insert into media_files (id, owner_id, kind, purpose, status, main_key, main_content_type, thumbnail_key, preview_key, size_bytes, width, height)
      select ${photoId}, f.performer_id, 'image', 'feed-photo', 'ready',
             'media/' || f.performer_id || '/' || f.id || '/main.jpg', 'image/jpeg',
             'media/' || f.performer_id || '/' || f.id || '/thumb.webp', 'media/' || f.performer_id || '/' || f.id || '/preview.webp', 100000, 1600, 1200
      from feeds f where abs(hashtext(f.id::text)) % 5 = 0`);
    await run(`
      insert into feed_files (feed_id, file_id, position)
      select f.id, ${photoId}, 0 from feeds f where abs(hashtext(f.id::text)) % 5 = 0`);
    await run(`
      insert into follows (follower_id, performer_id)
      select (select id from users where username = 'benchfan'), user_id from performers order by user_id limit ${FOLLOWED}`);
    await run(`
      insert into subscriptions (user_id, performer_id, type, status, expires_at)
      select (select id from users where username = 'benchfan'), user_id, 'monthly', 'active', now() + interval '20 days'
      from performers order by user_id desc limit ${SUBSCRIBED}`);
    if (database.url === 'memory://') await run('analyze');
    else await run('vacuum analyze');
    const total = creators * postsPerCreator;
    console.log(`filled ${creators} creators, ${total} posts in ${((Date.now() - fill) / 1000).toFixed(1)} s (${database.url === 'memory://' ? 'PGlite' : 'PostgreSQL'})`);

    // The fan has no password: a token is issued directly.
    const { token } = await app.tokens.issue(
      ((await app.db.execute(sql.raw(`select id from users where username = 'benchfan'`))) as unknown as { rows: { id: string }[] }).rows[0].id,
      false,
    );
    const headers = { authorization: token };

    // The cursor of page `depth`: walked once, then timed like the others.
    let cursor: string | null = null;
    let reached = 1;
    for (let page = 1; page < depth; page++) {
      const firstPages: { json(): unknown } = await app.inject({ method: 'GET', url: `/user/feeds?limit=12${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, headers });
      cursor = (firstPages.json() as { data: { nextCursor: string | null } }).data.nextCursor;
      if (!cursor) break;
      reached = page + 1;
    }
    const cases: [string, string, Record<string, string>][] = [
      ['timeline, page 1', '/user/feeds?limit=12', headers],
      [`timeline, page ${reached} (keyset cursor)`, `/user/feeds?limit=12&cursor=${encodeURIComponent(cursor ?? '')}`, headers],
      ["one creator's feed, page 1", '/user/feeds/search/creator42?limit=12', headers],
      ["one creator's feed, offset 84", '/user/feeds/search/creator42?limit=12&offset=84', headers],
    ];
    const [first, deep] = await timeCalls(app, cases, runs);
    console.log(`timeline depth ratio: page ${reached} p50 / page 1 p50 = ${(deep.p50 / first.p50).toFixed(2)} (target at most 1.5)`);
  } finally {
    await app.close();
    await database.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
