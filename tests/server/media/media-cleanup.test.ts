import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { eq, getTableName, sql } from 'drizzle-orm';
import { createPerformerWithToken, tables } from '../../support/db';
import { startMediaTestServer, storedMediaKeys, type MediaTestServer } from '../../support/media-fixtures';
import { MEDIA_FILE_REFERENCES, mediaRepository, type MediaFileRow } from '../../../src/server/modules/media/media.repository';

jest.setTimeout(120_000);

let server: MediaTestServer;
beforeAll(async () => {
  server = await startMediaTestServer();
});
afterAll(() => server.close());

const DAY = 24 * 60 * 60 * 1000;

async function imageFile(ageMs: number): Promise<MediaFileRow> {
  const buffer = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#0a0' } }).png().toBuffer();
  const row = await server.app.media.ingestBuffer({ ownerId: server.ownerId, kinds: ['image'], purpose: 'feed-photo', buffer, filename: 'x.png' });
  await server.app.db.update(tables.mediaFiles).set({ createdAt: new Date(Date.now() - ageMs) }).where(eq(tables.mediaFiles.id, row.id));
  return row;
}
const objectsOf = async (id: string) => (await storedMediaKeys(server.dataDir)).filter((k) => k.includes(id));

describe('clean-up of unreferenced media files', () => {
  it('lists every column that references media_files (a new one must be added to the clean-up)', async () => {
    const result = await server.app.db.execute(sql`
      select c.conrelid::regclass::text as "table", a.attname as "column"
      from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
      where c.contype = 'f' and c.confrelid = 'media_files'::regclass`);
    const inDatabase = (result as unknown as { rows: { table: string; column: string }[] }).rows.map((r) => `${r.table.replace(/"/g, '')}.${r.column}`).sort();
    const inCode = MEDIA_FILE_REFERENCES.map((c) => `${getTableName(c.table)}.${c.name}`).sort();
    expect(inCode).toEqual(inDatabase);
  });

  it('removes only files older than a day that nothing references, rows and stored objects', async () => {
    const { user: performer } = await createPerformerWithToken(server.app);
    const db = server.app.db;
    const oldLoose = await imageFile(2 * DAY);
    const newLoose = await imageFile(DAY - 60_000);
    const referenced: Record<string, MediaFileRow> = {};
    for (const name of ['feedFile', 'feedThumb', 'feedTeaser', 'photo', 'video', 'videoThumb', 'videoTeaser', 'productFile', 'productImage']) {
      referenced[name] = await imageFile(3 * DAY);
    }
    const [feed] = await db.insert(tables.feeds).values({ performerId: performer.id, thumbnailFileId: referenced.feedThumb.id, teaserFileId: referenced.feedTeaser.id }).returning();
    await db.insert(tables.feedFiles).values({ feedId: feed.id, fileId: referenced.feedFile.id, position: 0 });
    const [gallery] = await db.insert(tables.galleries).values({ performerId: performer.id, title: 'g' }).returning();
    await db.insert(tables.photos).values({ performerId: performer.id, galleryId: gallery.id, fileId: referenced.photo.id });
    await db.insert(tables.videos).values({
      performerId: performer.id, title: 'v', fileId: referenced.video.id, thumbnailFileId: referenced.videoThumb.id, teaserFileId: referenced.videoTeaser.id,
    });
    const [product] = await db.insert(tables.products).values({ performerId: performer.id, name: 'p', type: 'digital', priceCents: 500, digitalFileId: referenced.productFile.id }).returning();
    await db.insert(tables.productImages).values({ productId: product.id, fileId: referenced.productImage.id, position: 0 });
    // A leftover temporary upload from a crash, two days old.
    const stale = path.join(server.dataDir, 'tmp', 'crashed.upload');
    await fs.mkdir(path.dirname(stale), { recursive: true });
    await fs.writeFile(stale, 'x');
    await fs.utimes(stale, new Date(Date.now() - 2 * DAY), new Date(Date.now() - 2 * DAY));

    expect(await objectsOf(oldLoose.id)).toHaveLength(3);
    expect(await server.app.media.cleanUp()).toBe(1);

    expect(await mediaRepository.findById(db, oldLoose.id)).toBeNull();
    expect(await objectsOf(oldLoose.id)).toEqual([]);
    for (const kept of [newLoose, ...Object.values(referenced)]) {
      expect(await mediaRepository.findById(db, kept.id)).not.toBeNull();
      expect(await objectsOf(kept.id)).toHaveLength(3);
    }
    await expect(fs.stat(stale)).rejects.toThrow();

    // A day later the new one has aged out too; referenced files stay for as long as they are referenced.
    expect(await server.app.media.cleanUp(new Date(Date.now() + DAY))).toBe(1);
    expect(await mediaRepository.findById(db, newLoose.id)).toBeNull();
    await db.delete(tables.feeds).where(eq(tables.feeds.id, feed.id));
    // feed_files went with the feed (cascade); its file and the feed's thumbnail and teaser are now loose.
    expect(await server.app.media.cleanUp()).toBe(3);
    expect(await mediaRepository.findById(db, referenced.feedFile.id)).toBeNull();
    expect(await mediaRepository.findById(db, referenced.photo.id)).not.toBeNull();
  });
});
