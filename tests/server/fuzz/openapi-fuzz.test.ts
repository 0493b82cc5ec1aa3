import crypto from 'node:crypto';
import fs from 'node:fs';
import { startTestServer, type TestServer } from '../../support/server';
import { createPerformerWithToken, createUserWithToken } from '../../support/db';
import { rawMultipart } from '../../support/media-fixtures';

/**
 * Issue 15 section 3: every operation of the OpenAPI document, fed generated bad input anonymously
 * and as a fan, a creator and an admin, answers no 5xx, and every 4xx carries a readable `message`.
 * Operations are read from the running app's own document, so a route added later is fuzzed without
 * anyone listing it here. Bad input: malformed, NUL, surrogate, huge and numeric path ids; the same
 * in every query parameter at once plus unknown and repeated ones; JSON bodies shaped from the
 * schema with every leaf replaced by a bad value (NUL, lone surrogate, huge, empty, blank,
 * "Infinity", 1e308, -1, wrong types), non-object bodies, broken JSON, unknown fields and an
 * oversized body; multipart forms with bad text fields and file names; a garbage token.
 */

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
};
interface Parameter { name: string; in: 'path' | 'query' | 'header'; schema?: Schema }
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  security?: unknown[];
}
type Identity = 'anonymous' | 'fan' | 'creator' | 'admin';
interface Probe { url: string; payload?: string | Buffer; headers?: Record<string, string>; label: string }

const UNOWNED = '00000000-0000-4000-8000-000000000000';
const HUGE = 'x'.repeat(20_000);

/** Raw path segments (already URL-encoded where they need to be). */
const BAD_PATH = [
  'not-a-uuid', '%00', 'a%00b', '%ED%A0%80', '%F0%9F%98%80', 'a'.repeat(3000), 'Infinity', '1e308', '-1', '0',
  UNOWNED, UNOWNED.toUpperCase(), `urn:uuid:${UNOWNED}`, '%25', "'%20OR%201=1--", '..%2F..%2Fetc',
];
/** Raw query values, set on every declared query parameter at once. */
const BAD_QUERY = [
  '%00', 'a%00b', '%ED%A0%80', '%ED%B0%80', 'Infinity', '-Infinity', 'NaN', '1e308', '-1e308', '-1', '1.5', '99999999999999999999',
  'a'.repeat(5000), '', '%20%20', 'not-a-uuid', '[]', '{}', 'null',
];
/** Leaf values for JSON bodies. */
const BAD_LEAVES: unknown[] = ['\u0000', 'a\u0000b', '\uD800', '\uDC00x', HUGE, '', '   ', 'Infinity', '1e999', 1e308, -1e308, -1, 1.5, {}, [], null, [{}], { $ne: null }];

/** A body of the schema's shape with every leaf set to `leaf`; `depth` keeps recursive shapes finite. */
function shaped(schema: Schema | undefined, leaf: unknown, depth = 0): unknown {
  if (!schema || depth > 4) return leaf;
  const branch = schema.anyOf ?? schema.oneOf;
  if (branch) return shaped(branch.find((s) => s.type !== 'null') ?? branch[0], leaf, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'object' || schema.properties) {
    return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, sub]) => [key, shaped(sub, leaf, depth + 1)]));
  }
  if (type === 'array') return [shaped(schema.items, leaf, depth + 1)];
  return leaf;
}

/** JSON that keeps lone surrogates as `\uD800` escapes (what a client can send). */
const json = (value: unknown) => JSON.stringify(value);

function probesOf(path: string, op: Operation): Probe[] {
  const params = op.parameters ?? [];
  const pathNames = params.filter((p) => p.in === 'path').map((p) => p.name);
  const queryNames = params.filter((p) => p.in === 'query').map((p) => p.name);
  const urlWith = (segment: string) => path.replace(/\{([^}]+)\}/g, () => segment);
  const base = urlWith(UNOWNED);
  const probes: Probe[] = [];

  if (pathNames.length) for (const value of BAD_PATH) probes.push({ url: urlWith(value), label: `path=${value.slice(0, 30)}` });

  for (const value of BAD_QUERY) {
    if (!queryNames.length) break;
    probes.push({ url: `${base}?${queryNames.map((n) => `${n}=${value}`).join('&')}`, label: `query=${value.slice(0, 30)}` });
  }
  probes.push({ url: `${base}?${[...queryNames, '__fuzz'].map((n) => `${n}=1&${n}=%00`).join('&')}`, label: 'query repeated+unknown' });

  const content = op.requestBody?.content ?? {};
  const jsonSchema = content['application/json']?.schema;
  const headers = { 'content-type': 'application/json' };
  if (jsonSchema) {
    for (const leaf of BAD_LEAVES) probes.push({ url: base, payload: json(shaped(jsonSchema, leaf)), headers, label: `body leaves=${json(leaf)?.slice(0, 30)}` });
    for (const whole of ['"text"', '[]', 'null', '0', '{', '{"a":', 'not json', '']) probes.push({ url: base, payload: whole, headers, label: `body=${whole}` });
    probes.push({ url: base, payload: json({ ...(shaped(jsonSchema, 'ok') as object), __fuzz: '\u0000', ['k\u0000']: 1 }), headers, label: 'body unknown fields' });
    probes.push({ url: base, payload: json({ big: 'y'.repeat(1024 * 1024 + 10) }), headers, label: 'body oversized' });
  }
  if (content['multipart/form-data']) {
    const names = ['name', 'title', 'description', 'text', 'price', 'stock', 'status', 'type', 'tags', 'galleryId', 'performerId', 'username', 'email', 'password', 'isSale', 'publishAt'];
    for (const value of ['\u0000', 'a\u0000b', HUGE, 'Infinity', '1e308', '-1', '']) {
      const form = rawMultipart([
        ...names.map((name) => ({ name, value })),
        { name: 'file', filename: `bad\u0000name${value.slice(0, 10)}.jpg`, content: 'not an image', contentType: 'image/jpeg' },
      ]);
      probes.push({ url: base, payload: form.payload, headers: form.headers, label: `multipart=${json(value.slice(0, 10))}` });
    }
    probes.push({ url: base, payload: json({ name: 'x' }), headers, label: 'multipart route with json' });
    probes.push({ url: base, payload: Buffer.from('--x\r\nbroken'), headers: { 'content-type': 'multipart/form-data; boundary=x' }, label: 'multipart broken' });
  }
  return probes;
}

/** What a person can read: a non-empty sentence, not a stack, not an object dump. */
function unreadable(message: unknown): boolean {
  return typeof message !== 'string' || !message.trim() || message.length > 2000 || /\[object |undefined|\bat .*\.(t|j)s:\d|Error:/.test(message);
}

let server: TestServer;
const users: Record<Exclude<Identity, 'anonymous'>, { id: string; token: string }> = {} as never;

beforeAll(async () => {
  server = await startTestServer();
  const admin = await createUserWithToken(server.app, { role: 'admin' });
  const creator = await createPerformerWithToken(server.app);
  const fan = await createUserWithToken(server.app);
  users.admin = { id: admin.user.id, token: admin.token };
  users.creator = { id: creator.user.id, token: creator.token };
  users.fan = { id: fan.user.id, token: fan.token };
});
afterAll(() => server.close());

/** A probe may sign its caller out (logout, revoke sessions): mint a fresh token when that happened. */
async function keepSignedIn() {
  for (const who of Object.values(users)) {
    const me = await server.app.inject({ method: 'GET', url: '/users/me', headers: { authorization: who.token } });
    if (me.statusCode === 401) who.token = (await server.app.tokens.issue(who.id, false)).token;
  }
}

it('answers every generated bad request of every operation without a 5xx, and every 4xx with a readable message', async () => {
  const spec = server.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  const started = Date.now();
  const failures: string[] = [];
  let requests = 0;
  let operations = 0;
  for (const [path, item] of Object.entries(spec.paths)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const op = item[method];
      if (!op) continue;
      operations += 1;
      const probes = probesOf(path, op);
      const identities: Identity[] = ['anonymous', 'fan', 'creator', 'admin'];
      for (const identity of identities) {
        const token = identity === 'anonymous' ? undefined : users[identity].token;
        const send = async (probe: Probe) => {
          requests += 1;
          const res = await server.app.inject({
            method: method.toUpperCase() as 'GET',
            url: probe.url,
            headers: { ...probe.headers, ...(token ? { authorization: token } : {}) },
            ...(probe.payload !== undefined && method !== 'get' ? { payload: probe.payload } : {}),
          });
          const where = `${method.toUpperCase()} ${path} [${identity}] ${probe.label}`;
          if (res.statusCode >= 500) failures.push(`${where}: ${res.statusCode} ${res.body.slice(0, 160)}`);
          else if (res.statusCode >= 400) {
            let message: unknown;
            try { message = res.json().message; } catch { message = undefined; }
            if (unreadable(message)) failures.push(`${where}: ${res.statusCode} without a readable message: ${res.body.slice(0, 160)}`);
          }
          return res.statusCode;
        };
        // Who may call it is settled before any input is read: a 401/403 for the first probe holds for all.
        const first = await send(probes[0] ?? { url: path, label: 'plain' });
        if (first === 401 || first === 403) continue;
        const rest = probes.slice(1);
        for (let i = 0; i < rest.length; i += 8) await Promise.all(rest.slice(i, i + 8).map(send));
      }
      // A garbage token is refused or treated as no token, never a server error.
      requests += 1;
      const garbage = await server.app.inject({ method: method.toUpperCase() as 'GET', url: path.replace(/\{[^}]+\}/g, UNOWNED), headers: { authorization: `Bearer ${'x'.repeat(5000)}.${crypto.randomBytes(8).toString('hex')}` } });
      if (garbage.statusCode >= 500) failures.push(`${method.toUpperCase()} ${path} [garbage token]: ${garbage.statusCode}`);
      if (method !== 'get') await keepSignedIn();
    }
  }
  const seconds = (Date.now() - started) / 1000;
  // One line for the notes (run time and size); the failures, if any, are the assertion's message.
  if (process.env.FUZZ_REPORT) process.stdout.write(`openapi fuzz: ${operations} operations, ${requests} requests, ${seconds.toFixed(1)} s\n`);
  // While fixing: FUZZ_FAILURES=<file> keeps the whole list.
  if (process.env.FUZZ_FAILURES) fs.writeFileSync(process.env.FUZZ_FAILURES, failures.join('\n'));
  expect(operations).toBeGreaterThan(150);
  expect(failures.slice(0, 60)).toEqual([]);
}, 300_000);
