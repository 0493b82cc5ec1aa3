/**
 * Discovery at scale: fills a scratch database with N creators (varied attributes, follower
 * counts, some country blocks), then times the discovery and profile endpoints through the real
 * app (inject: routing, validation, SQL and serialisation; no network).
 *
 *   npx tsx scripts/bench/performer-discovery.ts [creators=20000] [runs=40]
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/bench/performer-discovery.ts
 *
 * Default is in-memory PGlite; with BENCH_DATABASE_URL a database is created on that server for
 * the run and dropped afterwards. Target (README): p95 under 50 ms per call at 20 000 creators.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { scratchDatabase, timeCalls } from './bench-lib';

const creators = Number(process.argv[2] ?? 20_000);
const runs = Number(process.argv[3] ?? 40);

const pick = (list: string[]) => `(array[${list.map((v) => `'${v}'`).join(',')}])[1 + floor(random() * ${list.length})::int]`;

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
    await app.db.execute(sql.raw(`
      insert into users (id, role, name, username, email, email_verified, created_at)
      select gen_random_uuid(), 'performer',
             ${pick(['Anna', 'Ben', 'Cara', 'Dmitri', 'Elena', 'Felix', 'Gia', 'Hugo', 'Ines', 'Jonas'])} || ' ' || ${pick(['Stone', 'Rivers', 'Lane', 'Marsh', 'Hale', 'Fields', 'Brook', 'Woods'])},
             'creator' || g, 'creator' || g || '@bench.test', true, now() - (g || ' minutes')::interval
      from generate_series(1, ${creators}) g`));
    await app.db.execute(sql.raw(`
      insert into performers (user_id, bio, gender, country, date_of_birth, body_type, hair_color, eye_color,
                              is_free_subscription, total_followers, total_subscribers)
      select id,
             'Photographer and ' || ${pick(['cook', 'coach', 'dancer', 'gamer', 'painter', 'traveller'])} || ' sharing weekly sets',
             ${pick(['male', 'female', 'transgender'])}, ${pick(['US', 'GB', 'DE', 'FR', 'NO', 'BR', 'JP'])},
             (date '1975-01-01' + (random() * 9000)::int),
             ${pick(['fit', 'slim', 'curvy', 'toned', 'petite'])}, ${pick(['black', 'brown', 'blond', 'red'])},
             ${pick(['blue', 'brown', 'green'])}, random() < 0.2, (random() * 5000)::int, (random() * 800)::int
      from users where role = 'performer'`));
    await app.db.execute(sql.raw(`
      insert into blocked_countries (performer_id, country)
      select user_id, 'DE' from performers where random() < 0.05`));
    if (database.url === 'memory://') await app.db.execute(sql.raw('analyze'));
    else await app.db.execute(sql.raw('vacuum analyze'));
    console.log(`filled ${creators} creators in ${((Date.now() - fill) / 1000).toFixed(1)} s (${database.url === 'memory://' ? 'PGlite' : 'PostgreSQL'})`);

    const GERMAN_IP = '5.9.0.1';
    const cases: [string, string, Record<string, string>?][] = [
      ['search, default sort, page 1', '/performers/user/search?limit=12'],
      ['search, text "anna"', '/performers/user/search?q=anna&limit=12'],
      ['search, text "photo coach"', '/performers/user/search?q=photo%20coach&limit=12'],
      ['search, 4 filters', '/performers/user/search?gender=female&country=US&bodyType=fit&age=30_34&limit=12'],
      ['search, newest, deep page (offset 10000)', `/performers/user/search?sortBy=newest&offset=${Math.min(10_000, creators - 12)}&limit=12`],
      ['search, country-blocked viewer', '/performers/user/search?limit=12', { 'x-forwarded-for': GERMAN_IP }],
      ['random', '/performers/search/random?limit=12'],
      ['top', '/performers/top?limit=12'],
      ['profile by username', '/performers/creator42'],
    ];
    await timeCalls(app, cases, runs);
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
