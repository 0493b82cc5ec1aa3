import { startTestServer, type TestServer } from '../../support/server';
import type { FilePart } from '../../support/multipart';
import { createPerformerWithToken } from '../../support/db';
import { HTML_AS_JPEG, pdf, storedMediaKeys, tinyAudio } from '../../support/media-fixtures';
import {
  call, createGallery, creatorTotals, galleryRow, png, postPhoto, snapshot, uploadPhoto, ZERO_UUID,
} from './gallery-helpers';

jest.setTimeout(120_000);

let server: TestServer;
let creator: { id: string; token: string };
let other: { id: string; token: string };
let galleryId: string;
let otherGalleryId: string;

const PHOTOS = '/performer/performer-assets/photos';

beforeAll(async () => {
  server = await startTestServer();
  const a = await createPerformerWithToken(server.app);
  const b = await createPerformerWithToken(server.app);
  creator = { id: a.user.id, token: a.token };
  other = { id: b.user.id, token: b.token };
  galleryId = (await createGallery(server.app, creator.token, { title: 'Main' }))._id;
  otherGalleryId = (await createGallery(server.app, other.token, { title: 'Theirs' }))._id;
});
afterAll(() => server.close());

const mine = () => ({ token: creator.token });
const order = async (id: string) => {
  const res = await call(server.app, mine(), 'GET', `${PHOTOS}/search?galleryId=${id}&limit=100`);
  expect(res.statusCode).toBe(200);
  return res.json().data.data.map((p: { title: string; position: number }) => `${p.position}:${p.title}`);
};

describe('uploading photos', () => {
  it('appends each photo at the end, as a ready image, and recounts the gallery and the creator', async () => {
    const first = await uploadPhoto(server.app, creator.token, galleryId, '  Sunrise ', 1);
    const second = await uploadPhoto(server.app, creator.token, galleryId, undefined, 2);
    const third = await uploadPhoto(server.app, creator.token, galleryId, 'Dusk', 3);
    expect([first.position, second.position, third.position]).toEqual([0, 1, 2]);
    expect(first).toMatchObject({ title: 'Sunrise', galleryId, file: { type: 'gallery-photo', kind: 'image', status: 'ready', isLocked: false, url: expect.any(String) } });
    expect(second).toMatchObject({ title: '' });
    expect((await galleryRow(server.app, galleryId))!.totalPhotos).toBe(3);
    expect((await creatorTotals(server.app, creator.id)).photos).toBe(3);
    expect(await order(galleryId)).toEqual(['0:Sunrise', '1:', '2:Dusk']);
  });

  it('refuses a photo for another creator\'s gallery with 404 and stores nothing', async () => {
    const before = await snapshot(server);
    const res = await postPhoto(server.app, creator.token, { galleryId: otherGalleryId }, { content: await png(7), filename: 'x.png' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Gallery not found');
    expect(await snapshot(server)).toEqual(before);
  });

  it.each([
    ['a PDF', { galleryId: 'G' }, { content: pdf(), filename: 'doc.pdf' }, 'file'],
    ['HTML named .jpg', { galleryId: 'G' }, { content: HTML_AS_JPEG, filename: 'evil.jpg', contentType: 'image/jpeg' }, 'file'],
    ['no file', { galleryId: 'G' }, undefined, 'file'],
    ['no gallery', {}, 'png', 'galleryId'],
    ['a malformed gallery id', { galleryId: 'nope' }, 'png', 'galleryId'],
    ['an unknown gallery', { galleryId: ZERO_UUID }, 'png', null],
    ['a title over 100 characters', { galleryId: 'G', title: 't'.repeat(101) }, 'png', 'title'],
    ['an unknown field', { galleryId: 'G', caption: 'hi' }, 'png', 'caption'],
  ])('refuses %s and stores nothing', async (_, rawFields, rawFile, field) => {
    const fields = Object.fromEntries(Object.entries(rawFields).map(([k, v]) => [k, v === 'G' ? galleryId : v]));
    const file: FilePart | undefined = rawFile === 'png' ? { content: await png(5), filename: 'p.png' } : (rawFile as FilePart | undefined);
    const before = await snapshot(server);
    const res = await postPhoto(server.app, creator.token, fields, file);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().message).toEqual(expect.any(String));
    if (field) expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
    expect(await snapshot(server)).toEqual(before);
  });

  it('refuses audio as a photo', async () => {
    const before = await snapshot(server);
    const res = await postPhoto(server.app, creator.token, { galleryId }, { content: await tinyAudio('mp3'), filename: 'a.mp3' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('file must be an image (JPEG, PNG, WebP or GIF)');
    expect(await snapshot(server)).toEqual(before);
  });
});

describe('arranging photos', () => {
  let g: string;
  let ids: Record<string, string>;
  beforeAll(async () => {
    g = (await createGallery(server.app, creator.token, { title: 'Arrange' }))._id;
    ids = {};
    for (const [i, t] of ['a', 'b', 'c', 'd'].entries()) ids[t] = (await uploadPhoto(server.app, creator.token, g, t, 10 + i))._id;
  });

  it('renames and reorders, keeping positions 0..n-1', async () => {
    const res = await call(server.app, mine(), 'PUT', `${PHOTOS}/${ids.d}`, { position: 0, title: 'D!' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: ids.d, title: 'D!', position: 0 });
    expect(await order(g)).toEqual(['0:D!', '1:a', '2:b', '3:c']);
    await call(server.app, mine(), 'PUT', `${PHOTOS}/${ids.a}`, { position: 99 });
    expect(await order(g)).toEqual(['0:D!', '1:b', '2:c', '3:a']);
    await call(server.app, mine(), 'PUT', `${PHOTOS}/${ids.c}`, { position: 1 });
    expect(await order(g)).toEqual(['0:D!', '1:c', '2:b', '3:a']);
  });

  it('sets a cover, which falls back to the first photo when the cover moves away', async () => {
    const res = await call(server.app, mine(), 'POST', `${PHOTOS}/set-cover/${ids.b}`);
    expect(res.statusCode).toBe(200);
    const coverFile = (await call(server.app, mine(), 'GET', `${PHOTOS}/search?galleryId=${g}`)).json().data.data
      .find((p: { _id: string }) => p._id === ids.b).file._id;
    expect(res.json().data).toMatchObject({ _id: g, coverPhotoId: ids.b, cover: { _id: coverFile } });

    const target = (await createGallery(server.app, creator.token, { title: 'Target' }))._id;
    await uploadPhoto(server.app, creator.token, target, 'x', 20);
    const moved = await call(server.app, mine(), 'PUT', `${PHOTOS}/${ids.b}`, { galleryId: target, position: 0 });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({ galleryId: target, position: 0 });
    expect(await order(g)).toEqual(['0:D!', '1:c', '2:a']);
    expect(await order(target)).toEqual(['0:b', '1:x']);
    expect((await galleryRow(server.app, g))).toMatchObject({ coverPhotoId: null, totalPhotos: 3 });
    expect((await galleryRow(server.app, target))!.totalPhotos).toBe(2);
    const view = (await call(server.app, mine(), 'GET', `/performer/performer-assets/galleries/${g}/view`)).json().data;
    expect(view.cover._id).toBe(view.photos[0].file._id);
  });

  it('answers 404 to another creator for my photo, and for their gallery as a move target, changing nothing', async () => {
    const before = await snapshot(server);
    const theirs = { token: other.token };
    for (const [method, url, body] of [
      ['PUT', `${PHOTOS}/${ids.c}`, { title: 'mine now' }],
      ['DELETE', `${PHOTOS}/${ids.c}`],
      ['POST', `${PHOTOS}/set-cover/${ids.c}`],
    ] as const) {
      const res = await call(server.app, theirs, method, url, body);
      expect([url, res.statusCode, res.json().message]).toEqual([url, 404, 'Photo not found']);
    }
    const move = await call(server.app, mine(), 'PUT', `${PHOTOS}/${ids.c}`, { galleryId: otherGalleryId });
    expect(move.statusCode).toBe(404);
    expect(move.json().message).toBe('Gallery not found');
    const list = await call(server.app, theirs, 'GET', `${PHOTOS}/search?galleryId=${g}`);
    expect(list.json().data).toEqual({ data: [], total: 0 });
    expect(await snapshot(server)).toEqual(before);
  });

  it.each([
    ['a malformed id', 'not-a-uuid', { title: 'x' }],
    ['a negative position', 'C', { position: -1 }],
    ['a long title', 'C', { title: 'z'.repeat(101) }],
    ['an unknown field', 'C', { caption: 'x' }],
    ['a malformed gallery', 'C', { galleryId: 'abc' }],
  ])('refuses %s with 400 and writes nothing', async (_, id, body) => {
    const before = await snapshot(server);
    const res = await call(server.app, mine(), 'PUT', `${PHOTOS}/${id === 'C' ? ids.c : id}`, body);
    expect(res.statusCode).toBe(400);
    expect(await snapshot(server)).toEqual(before);
  });

  it('deletes a photo with its stored file, closes the gap and recounts', async () => {
    const photo = (await call(server.app, mine(), 'GET', `${PHOTOS}/search?galleryId=${g}`)).json().data.data
      .find((p: { _id: string }) => p._id === ids.c);
    const keys = async () => (await storedMediaKeys(server.dataDir)).filter((k) => k.includes(photo.file._id));
    expect(await keys()).toHaveLength(3);
    const totalBefore = (await creatorTotals(server.app, creator.id)).photos;
    const res = await call(server.app, mine(), 'DELETE', `${PHOTOS}/${ids.c}`);
    expect(res.statusCode).toBe(200);
    expect(await keys()).toEqual([]);
    expect(await order(g)).toEqual(['0:D!', '1:a']);
    expect((await galleryRow(server.app, g))!.totalPhotos).toBe(2);
    expect((await creatorTotals(server.app, creator.id)).photos).toBe(totalBefore - 1);
    expect((await call(server.app, mine(), 'DELETE', `${PHOTOS}/${ids.c}`)).statusCode).toBe(404);
  });
});

describe('my photos list', () => {
  it('lists all my photos newest first, or one gallery in order, with totals', async () => {
    const p = await createPerformerWithToken(server.app);
    const g1 = (await createGallery(server.app, p.token, { title: 'One' }))._id;
    const g2 = (await createGallery(server.app, p.token, { title: 'Two' }))._id;
    await uploadPhoto(server.app, p.token, g1, 'p1', 31);
    await uploadPhoto(server.app, p.token, g2, 'p2', 32);
    await uploadPhoto(server.app, p.token, g1, 'p3', 33);
    const all = (await call(server.app, { token: p.token }, 'GET', `${PHOTOS}/search`)).json().data;
    expect(all.total).toBe(3);
    expect(all.data.map((x: { title: string }) => x.title)).toEqual(['p3', 'p2', 'p1']);
    const paged = (await call(server.app, { token: p.token }, 'GET', `${PHOTOS}/search?offset=1&limit=1`)).json().data;
    expect(paged).toMatchObject({ total: 3, data: [{ title: 'p2' }] });
    const one = (await call(server.app, { token: p.token }, 'GET', `${PHOTOS}/search?galleryId=${g1}`)).json().data;
    expect(one.data.map((x: { title: string }) => x.title)).toEqual(['p1', 'p3']);
    expect((await call(server.app, { token: p.token }, 'GET', `${PHOTOS}/search?galleryId=bad`)).statusCode).toBe(400);
  });
});

describe('concurrent uploads', () => {
  it('give every photo its own place', async () => {
    const g = (await createGallery(server.app, creator.token, { title: 'Busy' }))._id;
    await Promise.all([0, 1, 2, 3, 4, 5].map((i) => uploadPhoto(server.app, creator.token, g, `n${i}`, 40 + i)));
    const positions = (await order(g)).map((s: string) => Number(s.split(':')[0]));
    expect(positions).toEqual([0, 1, 2, 3, 4, 5]);
    expect((await galleryRow(server.app, g))!.totalPhotos).toBe(6);
  });
});
