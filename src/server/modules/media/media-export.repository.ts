import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { mediaFiles } from '../../db/schema';
import type { MediaFileRow } from './media.repository';

/** Every media file a person uploaded, oldest first (their data export's files.csv). */
export const ownedMediaFiles = (db: Executor, ownerId: string): Promise<MediaFileRow[]> =>
  db.select().from(mediaFiles).where(eq(mediaFiles.ownerId, ownerId)).orderBy(asc(mediaFiles.createdAt));
