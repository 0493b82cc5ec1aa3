import { PGlite } from '@electric-sql/pglite';
import { keepPglitePlans, literalOf } from '../../../src/server/db/pglite-plans';

jest.setTimeout(60_000);

/** PGlite keeps the plans of repeated reads (db/pglite-plans.ts): same answers, same errors. */
let plain: PGlite;
let kept: PGlite;
const setUp = async (db: PGlite) => {
  await db.exec(`create table t (id uuid primary key, name text not null, tags text[] not null, at timestamptz, n int)`);
  await db.exec(`insert into t values
    ('00000000-0000-4000-8000-000000000001', 'it''s a "quote" \\ back', '{a,"b,c","d\\"e"}', '2026-01-02T03:04:05Z', 1),
    ('00000000-0000-4000-8000-000000000002', 'ünïcode ✓', '{}', null, 2)`);
};
/** The statements prepared so far (`exec` is not kept: this read does not count itself). */
const prepared = async (db: PGlite) => (await db.exec('select statement from pg_prepared_statements'))[0].rows.map((r) => String(r.statement));

beforeAll(async () => {
  plain = new PGlite();
  kept = new PGlite();
  keepPglitePlans(kept);
  await Promise.all([setUp(plain), setUp(kept)]);
});
afterAll(async () => {
  await Promise.all([plain.close(), kept.close()]);
});

const READS: [string, string, unknown[]][] = [
  ['a string with quotes and a backslash', 'select id, name, n from t where name = $1', ['it\'s a "quote" \\ back']],
  ['unicode', 'select id from t where name = $1', ['ünïcode ✓']],
  ['a uuid array', 'select id from t where id = any($1::uuid[]) order by id', [['00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000001']]],
  ['a text array with quotes and commas', 'select id from t where tags && $1::text[]', [['b,c', 'd"e', null]]],
  ['a date, a boolean, a number and null', 'select id from t where (at < $1 or $2) and n <= $3 and ($4::text is null)', [new Date('2027-01-01T00:00:00Z'), false, 5, null]],
  ['no values', 'select count(*)::int as c from t', []],
];

it.each(READS)('answers %s as PGlite alone does, prepared from its second run', async (_name, text, params) => {
  const expected = await plain.query(text, params, { rowMode: 'array' });
  for (let i = 0; i < 3; i += 1) {
    const got = await kept.query(text, params, { rowMode: 'array' });
    expect(got.rows).toEqual(expected.rows);
    expect(got.fields).toEqual(expected.fields);
  }
  expect((await kept.query(text, params)).rows).toEqual((await plain.query(text, params)).rows);
  expect((await prepared(kept)).some((statement) => statement.endsWith(` as ${text}`))).toBe(true);
});

it('prepares only repeated reads', async () => {
  const before = (await prepared(kept)).length;
  await kept.query('select n from t where n = $1', [1]);
  expect(await prepared(kept)).toHaveLength(before);
  await kept.query('select n from t where n = $1', [2]);
  expect(await prepared(kept)).toHaveLength(before + 1);
  for (let i = 0; i < 3; i += 1) await kept.query('update t set n = n where n = $1', [1]);
  expect(await prepared(kept)).toHaveLength(before + 1);
});

it('keeps the errors a statement gives', async () => {
  const text = 'select id from t where id = $1';
  for (let i = 0; i < 3; i += 1) {
    await expect(kept.query(text, ['not-a-uuid'])).rejects.toMatchObject({ code: '22P02' });
  }
});

it('runs as before what it cannot prepare or write: an untyped value, an object', async () => {
  for (let i = 0; i < 3; i += 1) {
    expect((await kept.query<{ v: string }>('select $1 as v', ['x'])).rows).toEqual([{ v: 'x' }]);
    expect((await kept.query<{ v: unknown }>('select $1::jsonb as v', [JSON.stringify({ a: "it's" })])).rows).toEqual([{ v: { a: "it's" } }]);
  }
  expect(literalOf({ a: 1 })).toBeUndefined();
  expect(literalOf([[1]])).toBeUndefined();
  expect(literalOf(Number.NaN)).toBeUndefined();
});
