import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../support/server';
import { allRows, createUserWithToken, tables } from '../../support/db';
import { multipart, type FilePart } from '../../support/multipart';
import { HTML_AS_JPEG, jpegWithExif, pngWithAlpha, rawMultipart, storedMediaKeys } from '../../support/media-fixtures';
import type { Comment, CommentImage } from '../../../src/common/contract/comments';
import type { MediaFileView } from '../../../src/common/contract/media';
import { EXPIRY_STEP_SECONDS } from '../../../src/server/media/signed-url';
import { hashPassword } from '../../../src/server/modules/auth/password';
import { buildWorld, call, engagementSnapshot, type Who, type World } from './engagement-world';

jest.setTimeout(120_000);

let server: TestServer;
let world: World;
beforeAll(async () => {
  server = await startTestServer();
  world = await buildWorld(server.app);
});
afterAll(() => server.close());

type Body = Record<string, unknown>;
const post = (who: Who, body: Body) => call(server.app, 'POST', '/comments', world.callers[who], body);
const list = (who: Who, objectId: string, extra = '') => call(server.app, 'GET', `/comments?objectType=feed&objectId=${objectId}${extra}`, world.callers[who]);
const del = (who: Who, id: string) => call(server.app, 'DELETE', `/comments/${id}`, world.callers[who]);

/** A multipart request as the web sends it (token, visitor address). */
async function form(who: Who, method: 'POST' | 'PUT', url: string, fields: Record<string, string>, files: Record<string, FilePart> = {}) {
  const body = await multipart(fields, files);
  const { token, ip } = world.callers[who];
  const headers: Record<string, string> = { ...body.headers, ...(token ? { authorization: token } : {}), ...(ip ? { 'x-forwarded-for': ip } : {}) };
  return server.app.inject({ method, url, headers, payload: body.payload });
}
const uploadImage = (who: Who, file: FilePart) => form(who, 'POST', '/comments/images/upload', {}, { file });
const edit = (who: Who, id: string, fields: Record<string, string>, files: Record<string, FilePart> = {}) => form(who, 'PUT', `/comments/${id}`, fields, files);

const jpeg = async (width = 400, height = 300): Promise<FilePart> => ({ content: await jpegWithExif(width, height), filename: 'holiday.jpg', contentType: 'image/jpeg' });
const png = async (): Promise<FilePart> => ({ content: await pngWithAlpha(), filename: 'sticker.png', contentType: 'image/png' });

async function uploaded(who: Who, file?: FilePart): Promise<MediaFileView> {
  const res = await uploadImage(who, file ?? (await jpeg()));
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

async function comment(who: Who, objectId: string, text: string, extra: Body = {}): Promise<Comment> {
  const res = await post(who, { objectType: 'feed', objectId, text, ...extra });
  expect([res.statusCode, res.body.slice(0, 200)]).toEqual([200, expect.any(String)]);
  return res.json().data;
}

/** The stored state a refused request must leave as it was: comments and counters, media rows, stored objects. */
async function state() {
  const media = (await allRows(server.app, tables.mediaFiles)).map((m) => m.id).sort();
  return { engagement: await engagementSnapshot(server.app), media, keys: await storedMediaKeys(server.dataDir) };
}

const mediaRow = async (id: string) => (await server.app.db.select().from(tables.mediaFiles).where(eq(tables.mediaFiles.id, id)))[0] ?? null;
const objectsOf = async (fileId: string) => (await storedMediaKeys(server.dataDir)).filter((k) => k.includes(fileId));
/** Fetches a signed link through the API, as a browser would. */
const fetchSigned = (url: string) => server.app.inject({ method: 'GET', url: url.slice(server.config.apiEndpoint.length) });

describe('POST /comments/images/upload', () => {
  it('stores an image of the caller through the media pipeline: re-encoded, metadata gone, signed links', async () => {
    const file = await uploaded('stranger');
    expect(file).toMatchObject({ type: 'comment-image', kind: 'image', status: 'ready', isLocked: false, width: 300, height: 400, name: 'holiday.jpg' });
    const row = await mediaRow(file._id);
    expect(row).toMatchObject({ ownerId: world.ids.stranger, purpose: 'comment-image' });
    const served = await fetchSigned(file.url!);
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 300, height: 400 });
    // Orientation applied and EXIF (copyright, GPS) dropped by the re-encoding.
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('secret-exif-copyright'))).toBe(false);
  });

  it('refuses what is not an image by its bytes, a second file and other fields, storing nothing; 401 signed out', async () => {
    const before = await state();
    const notImage = await uploadImage('stranger', { content: HTML_AS_JPEG, filename: 'x.jpg', contentType: 'image/jpeg' });
    expect([notImage.statusCode, notImage.json().details]).toEqual([400, [{ field: 'file', message: 'file must be an image (JPEG, PNG, WebP or GIF)' }]]);
    const two = rawMultipart([
      { name: 'file', filename: 'a.jpg', content: await jpegWithExif() },
      { name: 'file', filename: 'b.jpg', content: await jpegWithExif() },
    ]);
    const twice = await server.app.inject({ method: 'POST', url: '/comments/images/upload', headers: { ...two.headers, authorization: world.callers.stranger.token! }, payload: two.payload });
    expect([twice.statusCode, twice.json().message]).toEqual([400, 'file must be a single file']);
    const none = await form('stranger', 'POST', '/comments/images/upload', { text: 'no file' });
    expect([none.statusCode, none.json().message]).toEqual([400, 'file is required']);
    const signedOut = await uploadImage('signedOut', await jpeg());
    expect(signedOut.statusCode).toBe(401);
    expect(await state()).toEqual(before);
  });
});

describe('a comment with an image', () => {
  it('is made from the caller\'s upload and shown to everyone who may read the comment', async () => {
    const file = await uploaded('subscriber', await png());
    const made = await comment('subscriber', world.items.feedFree, 'Look at this', { fileId: file._id });
    const image = made.image as CommentImage;
    expect(image).toEqual({
      _id: file._id, width: 300, height: 200,
      url: expect.stringContaining(`/files/media/${world.ids.subscriber}/${file._id}/main.webp?exp=`),
      thumbnailUrl: expect.stringContaining(`/${file._id}/thumb.webp?exp=`),
      blurUrl: expect.stringContaining(`/${file._id}/preview.webp?exp=`),
    });
    for (const who of ['signedOut', 'stranger', 'owner', 'admin'] as Who[]) {
      const res = await list(who, world.items.feedFree);
      expect(res.statusCode).toBe(200);
      const seen = (res.json().data.data as Comment[]).find((c) => c._id === made._id)!;
      expect(seen.image).toEqual(image);
    }
    for (const url of [image.url, image.thumbnailUrl, image.blurUrl!]) expect((await fetchSigned(url)).statusCode).toBe(200);
  });

  it('a reply carries an image too', async () => {
    const parent = await comment('stranger', world.items.feedFree, 'Parent');
    const file = await uploaded('owner');
    const reply = await comment('owner', world.items.feedFree, 'Reply with a picture', { parentId: parent._id, fileId: file._id });
    expect(reply.image?._id).toBe(file._id);
    const listed = (await list('stranger', world.items.feedFree)).json().data.data as Comment[];
    expect(listed.find((c) => c._id === parent._id)!.replies![0].image?._id).toBe(file._id);
  });

  it('refuses a fileId that is not the caller\'s own comment upload, or already used, and writes nothing', async () => {
    const others = await uploaded('stranger');
    const used = await uploaded('buyer');
    await comment('buyer', world.items.feedFree, 'Mine', { fileId: used._id });
    const feedPhoto = await server.app.media.ingestBuffer({
      ownerId: world.ids.buyer!, kinds: ['image'], purpose: 'feed-photo', buffer: await pngWithAlpha(), filename: 'p.png',
    });
    const before = await state();
    const feed = { objectType: 'feed', objectId: world.items.feedFree, text: 'With an image' };
    const NOT_MINE = 'This image does not exist or is not one of your comment uploads';
    const cases: [Body, string][] = [
      [{ ...feed, fileId: others._id }, NOT_MINE],
      [{ ...feed, fileId: feedPhoto.id }, NOT_MINE],
      [{ ...feed, fileId: '00000000-0000-4000-8000-000000000000' }, NOT_MINE],
      [{ ...feed, fileId: used._id }, 'This image is already part of another comment'],
      [{ ...feed, fileId: 'not-a-file' }, 'fileId must be a valid uuid'],
    ];
    for (const [body, message] of cases) {
      const res = await post('buyer', body);
      expect([res.statusCode, res.json().message, res.json().details?.[0]?.field]).toEqual([400, message, 'fileId']);
    }
    // Attaching to a comment on a locked item is refused by the item first.
    const mine = await uploaded('buyer');
    const locked = await post('buyer', { objectType: 'feed', objectId: world.items.feedSubs, text: 'x', fileId: mine._id });
    expect(locked.statusCode).toBe(403);
    expect((await state()).engagement).toEqual(before.engagement);
    expect((await mediaRow(others._id))?.ownerId).toBe(world.ids.stranger);
  });

  it('is read only by those who may open the item: a locked item\'s comments and images stay closed', async () => {
    const file = await uploaded('subscriber');
    const made = await comment('subscriber', world.items.feedSubs, 'For subscribers', { fileId: file._id });
    for (const who of ['subscriber', 'owner', 'admin'] as Who[]) {
      const seen = ((await list(who, world.items.feedSubs)).json().data.data as Comment[]).find((c) => c._id === made._id);
      expect(seen?.image?._id).toBe(file._id);
    }
    for (const who of ['stranger', 'buyer', 'signedOut', 'blocked', 'blockedCountry'] as Who[]) {
      const res = await list(who, world.items.feedSubs);
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain(file._id);
    }
  });

  it('of a comment the moderators removed reaches only its author and operators, and comes back when restored', async () => {
    const file = await uploaded('stranger');
    const made = await comment('stranger', world.items.feedFree, 'Soon removed', { fileId: file._id });
    const hide = await call(server.app, 'POST', `/admin/content/comment/${made._id}/hide`, world.callers.admin, { reason: 'Spam' });
    expect(hide.statusCode).toBe(200);
    const imageSeenBy = async (who: Who) => ((await list(who, world.items.feedFree)).json().data.data as Comment[]).find((c) => c._id === made._id)?.image?._id;
    expect(await imageSeenBy('stranger')).toBe(file._id);
    expect(await imageSeenBy('admin')).toBe(file._id);
    for (const who of ['subscriber', 'owner', 'signedOut'] as Who[]) expect(await imageSeenBy(who)).toBeUndefined();
    // The author cannot change it meanwhile, and nothing is stored for the attempt.
    const before = await state();
    const refused = await edit('stranger', made._id, { text: 'Changed' }, { image: await jpeg() });
    expect([refused.statusCode, refused.json().message]).toEqual([422, 'This comment was removed by the moderators: it cannot be edited']);
    expect(await state()).toEqual(before);
    // Removal hides it; the file stays, so restoring the comment restores its image.
    expect(await objectsOf(file._id)).toHaveLength(3);
    expect((await call(server.app, 'POST', `/admin/content/comment/${made._id}/unhide`, world.callers.admin, {})).statusCode).toBe(200);
    expect(await imageSeenBy('subscriber')).toBe(file._id);
  });

  it('is shown to operators deciding a report on the comment (its signed thumbnail)', async () => {
    const file = await uploaded('stranger');
    const made = await comment('stranger', world.items.feedFree, 'Reported picture', { fileId: file._id });
    const report = await call(server.app, 'POST', '/reports', world.callers.subscriber, { targetType: 'comment', targetId: made._id, reason: 'spam' });
    expect(report.statusCode).toBe(200);
    const detail = await call(server.app, 'GET', `/admin/reports/${report.json().data._id}`, world.callers.admin);
    expect(detail.statusCode).toBe(200);
    const thumbnail = detail.json().data.preview.thumbnail as string;
    expect(thumbnail).toBe(made.image!.thumbnailUrl);
    expect((await fetchSigned(thumbnail)).statusCode).toBe(200);
  });

  it('has links that expire as every media link does: signed for the TTL rounded up to 15 minutes', async () => {
    const file = await uploaded('stranger');
    const made = await comment('stranger', world.items.feedFree, 'Signed', { fileId: file._id });
    const url = new URL(made.image!.url);
    const exp = Number(url.searchParams.get('exp'));
    const now = Date.now() / 1000;
    expect(exp % EXPIRY_STEP_SECONDS).toBe(0);
    expect(exp - now).toBeGreaterThanOrEqual(server.config.media.urlTtlSeconds - 1);
    expect(exp - now).toBeLessThanOrEqual(server.config.media.urlTtlSeconds + EXPIRY_STEP_SECONDS);
    const key = `media${url.pathname.slice(url.pathname.indexOf('/files/media') + '/files/media'.length)}`;
    const past = Math.floor(now) - 60;
    const expired = await server.app.inject({ method: 'GET', url: `/files/media/${key.slice('media/'.length)}?exp=${past}&sig=${server.app.media.signer.sign(key, past)}` });
    expect([expired.statusCode, expired.json().message]).toEqual([403, 'This link has expired']);
    url.searchParams.set('exp', String(exp + EXPIRY_STEP_SECONDS));
    expect((await fetchSigned(url.toString())).statusCode).toBe(403);
  });
});

describe('PUT /comments/:id (multipart)', () => {
  it('adds, keeps, replaces and removes the image; a replaced or removed file is deleted', async () => {
    const made = await comment('subscriber', world.items.feedFree, 'Text only');
    expect(made.image).toBeNull();

    const added = await edit('subscriber', made._id, { text: 'Now with a picture' }, { image: await jpeg(640, 480) });
    expect(added.statusCode).toBe(200);
    const first = added.json().data as Comment;
    expect(first).toMatchObject({ _id: made._id, text: 'Now with a picture', image: { width: 480, height: 640 } });
    expect((await mediaRow(first.image!._id))).toMatchObject({ ownerId: world.ids.subscriber, purpose: 'comment-image' });

    const kept = await edit('subscriber', made._id, { text: 'Text changed, picture kept' });
    expect(kept.json().data).toMatchObject({ text: 'Text changed, picture kept', image: { _id: first.image!._id } });

    const replaced = await edit('subscriber', made._id, { text: 'Another picture' }, { image: await png() });
    const second = replaced.json().data as Comment;
    expect(second.image).toMatchObject({ width: 300, height: 200 });
    expect(second.image!._id).not.toBe(first.image!._id);
    expect(await mediaRow(first.image!._id)).toBeNull();
    expect(await objectsOf(first.image!._id)).toEqual([]);
    expect((await fetchSigned(first.image!.url)).statusCode).toBe(404);

    const removed = await edit('subscriber', made._id, { text: 'No picture any more', removeImage: 'true' });
    expect(removed.json().data).toMatchObject({ text: 'No picture any more', image: null });
    expect(await mediaRow(second.image!._id)).toBeNull();
    expect(await objectsOf(second.image!._id)).toEqual([]);

    // JSON edits work as before and keep the image; JSON removeImage drops it.
    const again = (await edit('subscriber', made._id, { text: 'Back' }, { image: await png() })).json().data as Comment;
    const json = await call(server.app, 'PUT', `/comments/${made._id}`, world.callers.subscriber, { text: 'JSON edit' });
    expect(json.json().data).toMatchObject({ text: 'JSON edit', image: { _id: again.image!._id } });
    const jsonRemove = await call(server.app, 'PUT', `/comments/${made._id}`, world.callers.subscriber, { text: 'JSON edit', removeImage: true });
    expect(jsonRemove.json().data.image).toBeNull();
    expect(await mediaRow(again.image!._id)).toBeNull();
  });

  it('refuses a bad file or bad fields with a 4xx naming the field, and changes and stores nothing', async () => {
    const file = await uploaded('stranger');
    const made = await comment('stranger', world.items.feedFree, 'Stable', { fileId: file._id });
    const before = await state();
    const image = await jpeg();
    const cases: [Record<string, string>, Record<string, FilePart>, number, string, string][] = [
      [{ text: 'x' }, { image: { content: HTML_AS_JPEG, filename: 'x.jpg', contentType: 'image/jpeg' } }, 400, 'image', 'image must be an image (JPEG, PNG, WebP or GIF)'],
      [{ text: 'x' }, { image: { content: '', filename: 'empty.jpg' } }, 400, 'image', 'image is empty'],
      [{ text: 'x' }, { file: image }, 400, 'file', 'file is not allowed'],
      [{ text: 'x', removeImage: 'true' }, { image }, 400, 'removeImage', 'Send a new image or removeImage, not both'],
      [{ text: '' }, { image }, 400, 'text', 'text must be at least 1 characters'],
      [{ text: '<b> </b>' }, { image }, 400, 'text', 'Comment cannot be empty'],
      [{ text: 'y'.repeat(2001) }, { image }, 400, 'text', 'Comment must be at most 2000 characters'],
      [{}, { image }, 400, 'text', 'text is required'],
      [{ text: 'x', removeImage: 'maybe' }, {}, 400, 'removeImage', 'removeImage must be boolean'],
      [{ text: 'x', extra: '1' }, {}, 400, 'extra', 'extra is not allowed'],
    ];
    for (const [fields, files, status, field, message] of cases) {
      const res = await edit('stranger', made._id, fields, files);
      expect([res.statusCode, res.json().details?.[0]]).toEqual([status, { field, message }]);
    }
    const two = rawMultipart([
      { name: 'text', value: 'two images' },
      { name: 'image', filename: 'a.jpg', content: image.content },
      { name: 'image', filename: 'b.jpg', content: image.content },
    ]);
    const twice = await server.app.inject({ method: 'PUT', url: `/comments/${made._id}`, headers: { ...two.headers, authorization: world.callers.stranger.token! }, payload: two.payload });
    expect([twice.statusCode, twice.json().details]).toEqual([400, [{ field: 'image', message: 'image must be a single file' }]]);
    expect(await state()).toEqual(before);
  });

  it('refuses an image over the site\'s limit with 413 naming the field', async () => {
    const made = await comment('stranger', world.items.feedFree, 'Small pictures only');
    await server.app.settings.set({ maxImageUploadMb: 1 });
    try {
      const before = await state();
      const big = await sharp({ create: { width: 1200, height: 1200, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).png().toBuffer();
      expect(big.length).toBeGreaterThan(1024 * 1024);
      const res = await edit('stranger', made._id, { text: 'Big' }, { image: { content: big, filename: 'big.png', contentType: 'image/png' } });
      expect([res.statusCode, res.json().details]).toEqual([413, [{ field: 'image', message: 'This file is too large: the limit is 1 MB' }]]);
      const upload = await uploadImage('stranger', { content: big, filename: 'big.png' });
      expect(upload.statusCode).toBe(413);
      expect(await state()).toEqual(before);
    } finally {
      await server.app.settings.set({ maxImageUploadMb: 20 });
    }
  });

  it('lets only the author edit: others get 403 (404 when removed) before any upload is stored', async () => {
    const file = await uploaded('subscriber');
    const made = await comment('subscriber', world.items.feedFree, 'Mine', { fileId: file._id });
    const before = await state();
    for (const who of ['stranger', 'owner', 'admin', 'otherCreator', 'buyer'] as Who[]) {
      const res = await edit(who, made._id, { text: 'Hijacked', removeImage: 'true' }, { image: await jpeg() });
      expect([res.statusCode, res.json().message]).toEqual([403, 'You can only edit your own comments']);
      const removing = await edit(who, made._id, { text: 'Hijacked', removeImage: 'true' });
      expect(removing.statusCode).toBe(403);
    }
    expect((await edit('signedOut', made._id, { text: 'x' }, { image: await jpeg() })).statusCode).toBe(401);
    const missing = await edit('subscriber', '00000000-0000-4000-8000-000000000000', { text: 'x' }, { image: await jpeg() });
    expect(missing.statusCode).toBe(404);
    expect(await state()).toEqual(before);
  });

  it('needs the item still open to the author before storing anything', async () => {
    const [row] = await server.app.db.insert(tables.feeds).values({ performerId: world.creatorId, text: 'sale', access: 'sale', priceCents: 300 }).returning();
    await server.app.db.insert(tables.entitlements).values({ userId: world.ids.stranger!, objectType: 'feed', objectId: row.id });
    const made = await comment('stranger', row.id, 'Bought it');
    await server.app.db.delete(tables.entitlements).where(eq(tables.entitlements.objectId, row.id));
    const before = await state();
    const res = await edit('stranger', made._id, { text: 'Edited' }, { image: await jpeg() });
    expect([res.statusCode, res.json().message]).toEqual([403, 'Unlock this post to comment on it']);
    expect(await state()).toEqual(before);
  });
});

describe('releasing comment images', () => {
  it('deleting a comment deletes its image, and a parent\'s deletion its replies\' images', async () => {
    const [{ id: feedId }] = await server.app.db.insert(tables.feeds).values({ performerId: world.creatorId, text: 'release' }).returning();
    const files = [await uploaded('stranger'), await uploaded('subscriber'), await uploaded('owner')];
    const parent = await comment('stranger', feedId, 'Parent', { fileId: files[0]._id });
    await comment('subscriber', feedId, 'Reply 1', { parentId: parent._id, fileId: files[1]._id });
    const lone = await comment('owner', feedId, 'Lone', { fileId: files[2]._id });
    expect((await del('owner', lone._id)).statusCode).toBe(200);
    expect(await mediaRow(files[2]._id)).toBeNull();
    expect(await objectsOf(files[2]._id)).toEqual([]);
    expect((await del('stranger', parent._id)).statusCode).toBe(200);
    for (const f of files.slice(0, 2)) {
      expect(await mediaRow(f._id)).toBeNull();
      expect(await objectsOf(f._id)).toEqual([]);
    }
  });

  it('the clean-up keeps an attached image and removes an upload never attached, after a day', async () => {
    const attached = await uploaded('stranger');
    await comment('stranger', world.items.feedFree, 'Kept', { fileId: attached._id });
    const loose = await uploaded('stranger');
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    for (const id of [attached._id, loose._id]) await server.app.db.update(tables.mediaFiles).set({ createdAt: twoDaysAgo }).where(eq(tables.mediaFiles.id, id));
    await server.app.media.cleanUp();
    expect(await mediaRow(attached._id)).not.toBeNull();
    expect(await mediaRow(loose._id)).toBeNull();
    expect(await objectsOf(loose._id)).toEqual([]);
  });

  it('deleting an account removes the person\'s comment images, attached or not; the comments stay', async () => {
    const password = 'leaving-for-good-1';
    const { user, token } = await createUserWithToken(server.app, { passwordHash: await hashPassword(password) });
    const as = { token, ip: world.callers.stranger.ip };
    const upload = async () => {
      const body = await multipart({}, { file: await jpeg() });
      const res = await server.app.inject({ method: 'POST', url: '/comments/images/upload', headers: { ...body.headers, authorization: token }, payload: body.payload });
      return res.json().data as MediaFileView;
    };
    const [attached, loose] = [await upload(), await upload()];
    const made = await call(server.app, 'POST', '/comments', as, { objectType: 'feed', objectId: world.items.feedFree, text: 'Bye', fileId: attached._id });
    expect(made.statusCode).toBe(200);
    const gone = await call(server.app, 'DELETE', '/users/me', as, { currentPassword: password, acknowledgeForfeit: true });
    expect(gone.statusCode).toBe(200);
    for (const f of [attached, loose]) {
      expect(await mediaRow(f._id)).toBeNull();
      expect(await objectsOf(f._id)).toEqual([]);
    }
    const left = ((await list('stranger', world.items.feedFree)).json().data.data as Comment[]).find((c) => c._id === made.json().data._id)!;
    expect(left).toMatchObject({ text: 'Bye', image: null });
    expect(left.user._id).toBe(user.id);
  });
});
