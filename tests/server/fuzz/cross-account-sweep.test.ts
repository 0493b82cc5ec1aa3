import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { TestServer } from '../../support/server';
import { allRows, createPerformerWithToken, createUserWithToken, tables } from '../../support/db';
import { contractRoutes } from '../../support/contract-routes';
import { fundWallet } from '../../support/money';
import { createProduct } from '../products/product-helpers';
import { addAddress, buy } from '../orders/order-helpers';
import { addBanking, sell } from '../payouts/payout-fixtures';
import { addCard } from '../payments/payment-helpers';
import { enableLive, startStreamingServer } from '../streaming/streaming-world';
import { multipart } from '../../support/multipart';
import { jpegWithExif } from '../../support/media-fixtures';

/**
 * Issue 15 section 3: object routes tried with a second account's token answer 403 or 404 and
 * change nothing. A generic sweep is not possible (each object needs its own way to be made), so
 * this is a table of (object, how the owner makes it, the routes that act on it); the routes are
 * checked against the contracts so a renamed one fails here. Every other contract route with a
 * `:param` is classified below (admin-only, public by design, the caller's own relation, or proved
 * in a named module test), and a completeness test fails on any route in none of them.
 */

let server: TestServer;
type Who = { id: string; token: string };
let fanA: Who; let creatorA: Who; let fanB: Who; let creatorB: Who;

/** A multipart body for a row of the table (upload routes): text fields and files. */
class Form {
  constructor(readonly fields: Record<string, string>, readonly files: Record<string, () => Promise<Buffer>>) {}
}

async function call(who: Who, method: string, url: string, payload?: object) {
  if (payload instanceof Form) {
    const files = Object.fromEntries(await Promise.all(Object.entries(payload.files).map(async ([name, make]) => [name, { content: await make(), filename: `${name}.jpg` }])));
    const body = await multipart(payload.fields, files);
    return server.app.inject({ method: method as 'PUT', url, headers: { ...body.headers, authorization: who.token }, payload: body.payload });
  }
  return server.app.inject({ method: method as 'GET', url, headers: { authorization: who.token }, ...(payload ? { payload } : {}) });
}

async function made(res: Awaited<ReturnType<typeof call>>, what: string): Promise<string> {
  if (res.statusCode !== 200) throw new Error(`could not make ${what}: ${res.statusCode} ${res.body}`);
  return res.json().data._id as string;
}

const ids: Record<string, string> = {};

beforeAll(async () => {
  // The streaming server has the Agora certificate, so creator A can go live.
  server = await startStreamingServer();
  const mk = async (performer: boolean) => {
    const { user, token } = performer ? await createPerformerWithToken(server.app) : await createUserWithToken(server.app);
    return { id: user.id, token };
  };
  [fanA, creatorA, fanB, creatorB] = [await mk(false), await mk(true), await mk(false), await mk(true)];

  ids.address = await made(await call(fanA, 'POST', '/addresses/create', {
    name: 'Ana Silva', country: 'PT', city: 'Lisbon', streetAddress: 'Rua Augusta 10', postalCode: '1100-053', phone: '+351 912 345 678',
  }), 'an address');
  ids.feed = await made(await call(creatorA, 'POST', '/performer/feeds', { text: 'Hello fans', access: 'free' }), 'a feed');
  // Fan A's comment carries an image, so an edit or deletion by someone else would show in media_files.
  const commentImage = await made(await call(fanA, 'POST', '/comments/images/upload', new Form({}, { file: () => jpegWithExif() })), 'a comment image');
  ids.comment = await made(await call(fanA, 'POST', '/comments', { objectType: 'feed', objectId: ids.feed, text: 'Nice one', fileId: commentImage }), 'a comment');
  ids.gallery = await made(await call(creatorA, 'POST', '/performer/performer-assets/galleries', { title: 'Holiday', access: 'free' }), 'a gallery');
  const follow = await call(fanA, 'POST', `/follows/${creatorA.id}`);
  if (follow.statusCode !== 200) throw new Error(`follow failed: ${follow.body}`);
  ids.conversation = await made(await call(fanA, 'POST', '/conversations', { source: 'performer', sourceId: creatorA.id }), 'a conversation');
  ids.message = await made(await call(fanA, 'POST', `/messages/conversations/${ids.conversation}`, { text: 'Hi there' }), 'a message');

  const db = server.app.db;
  // Store and media objects of creator A: made by the module helpers or as rows (uploads are not the subject here).
  ids.product = (await createProduct(server.app, creatorA.token, { name: 'Tee', price: 10, stock: 5 }))._id;
  ids.digitalProduct = (await createProduct(server.app, creatorA.token, { name: 'Guide', price: 5, type: 'digital' }))._id;
  const file = async (kind: 'image' | 'video', purpose: string) => (await db.insert(tables.mediaFiles)
    .values({ ownerId: creatorA.id, kind, purpose, status: 'ready', mainKey: `media/${purpose}/${crypto.randomUUID()}`, mainContentType: kind === 'video' ? 'video/mp4' : 'image/jpeg' })
    .returning())[0].id;
  ids.video = (await db.insert(tables.videos)
    .values({ performerId: creatorA.id, access: 'free', priceCents: 0, title: 'Holiday clip', fileId: await file('video', 'video') }).returning())[0].id;
  ids.photo = (await db.insert(tables.photos).values({ performerId: creatorA.id, galleryId: ids.gallery, fileId: await file('image', 'photo') }).returning())[0].id;
  ids.feedUpload = await file('image', 'feed-photo');

  // Fan A's order of that product, paid from the wallet, to a second address of theirs.
  await fundWallet(server.app, fanA.id, 100);
  const bought = await buy(server.app, fanA.token, ids.product, { quantity: 1, addressId: await addAddress(server.app, fanA.token) });
  if (bought.statusCode !== 200) throw new Error(`could not make an order: ${bought.statusCode} ${bought.body}`);
  ids.order = bought.json().data.order._id as string;

  // Creator A's pending payout request, from real earnings.
  await sell(server.app, creatorA.id, 500);
  await addBanking(server.app, creatorA.token);
  ids.payout = await made(await call(creatorA, 'POST', '/payout-requests', { amount: 100, method: 'banking' }), 'a payout request');

  // Fan A's saved card, a failed top-up of theirs (retryable by them) and a subscription to creator A.
  ids.card = (await addCard(server.app, fanA.token))._id;
  ids.payment = (await db.insert(tables.paymentTransactions)
    .values({ userId: fanA.id, kind: 'top_up', gateway: 'sandbox', status: 'failed', amountCents: 1000, tokensCents: 1000, cardId: ids.card })
    .returning())[0].id;
  ids.subscription = (await db.insert(tables.subscriptions)
    .values({ userId: fanA.id, performerId: creatorA.id, type: 'monthly', priceCents: 500, gateway: 'sandbox', expiresAt: new Date(Date.now() + 30 * 86_400_000) })
    .returning())[0].id;

  // Creator A's running stream and its chat.
  await enableLive(server.app);
  const live = await call(creatorA, 'POST', '/streaming/live', {});
  ids.stream = await made(live, 'a live stream');
  ids.streamChat = live.json().data.conversationId as string;
});
afterAll(() => server.close());

/** [object, method, url with :id, body]: every route acting on that object as its owner. */
const OWNER_ROUTES: [keyof typeof ids | string, string, string, object?][] = [
  ['address', 'PUT', '/addresses/:id', { city: 'Porto' }],
  ['address', 'DELETE', '/addresses/:id'],
  ['feed', 'GET', '/performer/feeds/:id'],
  ['feed', 'PUT', '/performer/feeds/:id', { text: 'Hijacked' }],
  ['feed', 'DELETE', '/performer/feeds/:id'],
  ['comment', 'PUT', '/comments/:id', { text: 'Hijacked', removeImage: true }],
  // Spec 7: the edit is an upload; a stranger's image must be refused before it is stored.
  ['comment', 'PUT', '/comments/:id', new Form({ text: 'Hijacked' }, { image: () => jpegWithExif() })],
  ['comment', 'DELETE', '/comments/:id'],
  ['gallery', 'PUT', '/performer/performer-assets/galleries/:id', { title: 'Hijacked' }],
  ['gallery', 'GET', '/performer/performer-assets/galleries/:id/view'],
  ['gallery', 'DELETE', '/performer/performer-assets/galleries/:id'],
  ['conversation', 'GET', '/conversations/:id'],
  ['conversation', 'GET', '/messages/conversations/:id'],
  ['conversation', 'POST', '/messages/conversations/:id', { text: 'Intruder' }],
  ['conversation', 'POST', '/messages/read-all/:id'],
  ['message', 'DELETE', '/messages/:id'],
  ['product', 'PUT', '/performer/performer-assets/products/:id', { name: 'Hijacked' }],
  ['product', 'GET', '/performer/performer-assets/products/:id/view'],
  ['product', 'DELETE', '/performer/performer-assets/products/:id'],
  // Only a buyer of a digital product (or its creator) gets its file; neither second account bought this one.
  ['digitalProduct', 'GET', '/performer-assets/products/:id/download-link'],
  ['video', 'GET', '/performer/performer-assets/videos/:id/view'],
  ['video', 'GET', '/performer/performer-assets/videos/:id/status'],
  ['video', 'PUT', '/performer/performer-assets/videos/edit/:id', { title: 'Hijacked' }],
  ['video', 'DELETE', '/performer/performer-assets/videos/remove-file/:id', { type: 'thumbnail' }],
  ['video', 'DELETE', '/performer/performer-assets/videos/:id'],
  ['photo', 'PUT', '/performer/performer-assets/photos/:id', { title: 'Hijacked' }],
  ['photo', 'POST', '/performer/performer-assets/photos/set-cover/:id'],
  ['photo', 'DELETE', '/performer/performer-assets/photos/:id'],
  ['feedUpload', 'GET', '/performer/feeds/files/:fileId/status'],
  ['order', 'GET', '/orders/:id'],
  ['order', 'PUT', '/orders/:id/update', { status: 'shipped', trackingCode: 'HIJACK1' }],
  ['order', 'PUT', '/orders/:id/update/delivery-address', { addressId: '00000000-0000-4000-8000-000000000000' }],
  ['payout', 'PUT', '/payout-requests/:id', { status: 'cancelled' }],
  ['payout', 'GET', '/payout-requests/:id/view'],
  ['card', 'DELETE', '/payment-cards/:id'],
  ['payment', 'GET', '/payment/transactions/:id'],
  ['payment', 'POST', '/payment/retry/:id', {}],
  ['subscription', 'POST', '/payment/:gateway/cancel-subscription/:id'],
  ['stream', 'PUT', '/streaming/live/:id', { isStreaming: false }],
  ['streamChat', 'PUT', '/conversations/stream/:id/update', { isChatClosed: true }],
  ['streamChat', 'DELETE', '/messages/stream/:id/remove-all-message'],
];

/** The concrete url of a table row: the gateway segment is the test one, the other param the object's id. */
const urlOf = (object: string, url: string) => url.replace(':gateway', 'sandbox').replace(/:[A-Za-z]+/, ids[object]);

/**
 * The owner's own calls on the same ids answer 200 (run after the sweep, writes last), so the
 * refusals were about the caller and not a wrong id.
 */
const OWNER_CONTROLS: [() => Who, string, string, string, object?][] = [
  [() => creatorA, 'GET', '/performer/feeds/:id', 'feed'],
  [() => fanA, 'GET', '/conversations/:id', 'conversation'],
  [() => creatorA, 'GET', '/performer/performer-assets/galleries/:id/view', 'gallery'],
  [() => creatorA, 'GET', '/performer/performer-assets/products/:id/view', 'product'],
  [() => creatorA, 'GET', '/performer-assets/products/:id/download-link', 'digitalProduct'],
  [() => creatorA, 'GET', '/performer/performer-assets/videos/:id/view', 'video'],
  [() => creatorA, 'GET', '/performer/feeds/files/:fileId/status', 'feedUpload'],
  [() => fanA, 'GET', '/orders/:id', 'order'],
  [() => creatorA, 'GET', '/payout-requests/:id/view', 'payout'],
  [() => fanA, 'GET', '/payment/transactions/:id', 'payment'],
  [() => creatorA, 'POST', '/performer/performer-assets/photos/set-cover/:id', 'photo'],
  [() => creatorA, 'PUT', '/conversations/stream/:id/update', 'streamChat', { isChatClosed: false }],
  [() => fanA, 'POST', '/payment/:gateway/cancel-subscription/:id', 'subscription'],
  [() => fanA, 'DELETE', '/payment-cards/:id', 'card'],
  [() => fanA, 'DELETE', '/messages/:id', 'message'],
  [() => fanA, 'PUT', '/comments/:id', 'comment', new Form({ text: 'Edited by its author' }, { image: () => jpegWithExif() })],
];

/** What a refused request could have touched. */
const snapshot = async () => JSON.stringify(await Promise.all(
  [
    tables.addresses, tables.feeds, tables.comments, tables.galleries, tables.conversations, tables.messages,
    tables.products, tables.productImages, tables.videos, tables.photos, tables.mediaFiles, tables.orders, tables.payoutRequests,
    tables.paymentCards, tables.paymentTransactions, tables.subscriptions, tables.streams, tables.ledgerTransactions, tables.ledgerAccounts,
  ].map((t) => allRows(server.app, t)),
));

/*
 * Every other contract route with a `:param`, by how its second-account rule is proved. A route
 * added later with a param fails the completeness test below until it is put in one of these
 * tables (or in OWNER_ROUTES).
 */

/** Owner routes proved by a separate case of this file. */
const PROVED_HERE = ['DELETE /auth/sessions/:id'];

/**
 * Routes whose roles are exactly ['admin'] under /admin: any operator may act on any object, and
 * admin-route-guard sweeps every /admin contract route for 403 to a fan and a creator.
 */
const ADMIN_GUARD_TEST = 'tests/server/admin/admin-route-guard.test.ts';

/**
 * Public by design: reads anyone (or, for /users/view, any creator) may make; who sees what is
 * proved by the module's access tests named here.
 */
const PUBLIC_BY_DESIGN: Record<string, string> = {
  'GET /user/feeds/search/:username': 'tests/server/feeds/feeds-access.test.ts',
  'GET /user/feeds/:id': 'tests/server/feeds/feeds-access.test.ts',
  'GET /user/feeds/:id/file/:fileId/status': 'tests/server/feeds/feeds-access.test.ts',
  'GET /performer-assets/galleries/:id': 'tests/server/galleries/galleries-access.test.ts',
  'GET /performer-assets/photos/:performerId': 'tests/server/galleries/galleries-access.test.ts',
  'GET /performer-assets/videos/:id': 'tests/server/videos/videos-access.test.ts',
  'GET /performer-assets/products/:id': 'tests/server/products/products-public.test.ts',
  'GET /performers/:id': 'tests/server/performers/performers.test.ts',
  'GET /posts/:id': 'tests/server/posts/posts.test.ts',
  'GET /conversations/stream/performer/:id': 'tests/server/streaming/stream-chat.test.ts',
  'GET /messages/stream/:id': 'tests/server/streaming/stream-chat.test.ts',
  // A creator's private show price; the caller's own open request only.
  'GET /private-shows/offer/:id': 'tests/server/streaming/private-shows.test.ts',
  // A fan's public profile, shown to creators and admins only (fans get 403).
  'GET /users/view/:id': 'tests/server/users/user-directory.test.ts',
  // Reference data.
  'GET /states/:country': 'tests/server/reference/reference.test.ts',
  'GET /cities/:country/:state': 'tests/server/reference/reference.test.ts',
  'GET /flags/:code.svg': 'tests/server/reference/reference.test.ts',
  // Signed by the gateway, not by an account: the signature check is the rule.
  'POST /:gateway/webhook': 'tests/server/payments/stripe-gateway.test.ts',
};

/**
 * Acts on the caller's own relation with the target (or the param is a gateway name, not an
 * object): anyone signed in may call it, and it changes only the caller's side.
 */
const OWN_RELATION = [
  'POST /follows/:id', 'DELETE /follows/:id', // my follow
  'DELETE /block/users/:id', // my block list
  'POST /user/feeds/vote/:id', // my vote
  'POST /coupons/:code/apply-coupon', // checks a code for me
  'POST /wallet/charges/tip/:performerId', 'POST /wallet/charges/feed/:id', 'POST /wallet/charges/video/:id',
  'POST /wallet/charges/gallery/:id', 'POST /wallet/charges/product/:id', // I pay from my wallet
  'GET /streaming/join/:id', 'POST /messages/stream/:id', // I join / speak in a public stream
  'POST /performer-assets/galleries/:id/view', 'POST /performer-assets/videos/:id/view', 'POST /performers/:id/view', // view counters
  'POST /:gateway/cards', 'POST /:gateway/accounts', // my card / my payout account at that gateway
];

/**
 * Owner routes whose second-account case lives in a module test: [file, text of the route's
 * path the file must contain]. Each file was read: it sends that route with a third account's
 * token and expects 404 and an unchanged snapshot.
 */
const MODULE_PROVED: Record<string, [string, string]> = {
  // messages.test.ts 'gets 404 from every endpoint and changes nothing' (a non-member).
  'GET /messages/:id/file/:fileId/status': ['tests/server/messaging/messages.test.ts', '/file/'],
  'GET /messages/conversations/public/:id': ['tests/server/messaging/messages.test.ts', '/messages/conversations/public/'],
  // private-shows.test.ts 'declines once; others can neither see nor decide the request' (another fan and creator).
  'POST /private-shows/:id/accept': ['tests/server/streaming/private-shows.test.ts', '/accept`, otherCreator.token'],
  'POST /private-shows/:id/decline': ['tests/server/streaming/private-shows.test.ts', '/decline`, otherCreator.token'],
  'POST /private-shows/:id/cancel': ['tests/server/streaming/private-shows.test.ts', '/cancel`, as.token'],
};

it('classifies every contract route with a :param, so a new one must say how its second-account rule is proved', () => {
  const routes = contractRoutes();
  const known = new Set(routes.map((r) => `${r.method} ${r.url}`));
  const owner = new Set(OWNER_ROUTES.map(([, method, url]) => `${method} ${url}`));
  const listed = [...owner, ...PROVED_HERE, ...Object.keys(PUBLIC_BY_DESIGN), ...OWN_RELATION, ...Object.keys(MODULE_PROVED)];
  // No stale entry, and no route in two classes.
  expect(listed.filter((r) => !known.has(r))).toEqual([]);
  expect(listed.filter((r, i) => listed.indexOf(r) !== i)).toEqual([]);

  const unclassified = routes.filter((r) => r.url.includes(':')).map((r) => ({ key: `${r.method} ${r.url}`, roles: r.roles }))
    .filter(({ key, roles }) => !listed.includes(key) && !(roles?.length === 1 && roles[0] === 'admin' && key.split(' ')[1].startsWith('/admin')))
    .map(({ key }) => key);
  expect(unclassified).toEqual([]);

  const root = path.resolve(__dirname, '../../..');
  // Each named test exists and sends the route: the path up to its first param is in the file.
  const pathBefore = (route: string) => route.slice(route.indexOf(' ') + 1, route.indexOf(':'));
  const proofs: [string, string, string][] = [
    ['admin routes', ADMIN_GUARD_TEST, "r.url.startsWith('/admin')"],
    ...Object.entries(PUBLIC_BY_DESIGN).map(([route, file]): [string, string, string] => [route, file, pathBefore(route)]),
    ...Object.entries(MODULE_PROVED).map(([route, [file, text]]): [string, string, string] => [route, file, text]),
  ];
  for (const [route, file, text] of proofs) {
    const body = fs.existsSync(path.join(root, file)) ? fs.readFileSync(path.join(root, file), 'utf8') : '';
    expect(`${route} in ${file}: ${body.includes(text)}`).toBe(`${route} in ${file}: true`);
  }
});

it('lists only routes the contracts have', () => {
  const known = new Set(contractRoutes().map((r) => `${r.method} ${r.url}`));
  expect(OWNER_ROUTES.map(([, method, url]) => `${method} ${url}`).filter((r) => !known.has(r))).toEqual([]);
});

it('answers 403 or 404 to a second fan and a second creator on every owner route, changing nothing', async () => {
  const before = await snapshot();
  const answers: string[] = [];
  for (const [object, method, url, body] of OWNER_ROUTES) {
    for (const [name, who] of [['fan B', fanB], ['creator B', creatorB]] as const) {
      const res = await call(who, method, urlOf(object, url), body);
      if (res.statusCode !== 403 && res.statusCode !== 404) answers.push(`${method} ${url} as ${name}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
  }
  expect(answers).toEqual([]);
  expect(await snapshot()).toBe(before);
  // The owner still reaches every object: the refusals above were about the caller, not a missing object.
  const ownerAnswers: string[] = [];
  for (const [who, method, url, object, body] of OWNER_CONTROLS) {
    const res = await call(who(), method, urlOf(object, url), body);
    if (res.statusCode !== 200) ownerAnswers.push(`${method} ${url} as its owner: ${res.statusCode} ${res.body.slice(0, 120)}`);
  }
  expect(ownerAnswers).toEqual([]);
});

it("answers 404 for another account's session and signs nobody out", async () => {
  const known = new Set(contractRoutes().map((r) => `${r.method} ${r.url}`));
  expect(known.has('DELETE /auth/sessions/:id')).toBe(true);
  const sessionsBefore = JSON.stringify((await allRows(server.app, tables.sessions)).map((s) => [s.id, s.revokedAt ?? null]));
  const mine = (await allRows(server.app, tables.sessions)).filter((s) => s.userId === fanA.id);
  expect(mine.length).toBeGreaterThan(0);
  for (const session of mine) {
    const res = await call(fanB, 'DELETE', `/auth/sessions/${session.id}`);
    expect([403, 404]).toContain(res.statusCode);
  }
  expect(JSON.stringify((await allRows(server.app, tables.sessions)).map((s) => [s.id, s.revokedAt ?? null]))).toBe(sessionsBefore);
  expect((await call(fanA, 'GET', '/users/me')).statusCode).toBe(200);
});
