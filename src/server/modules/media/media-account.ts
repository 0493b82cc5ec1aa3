import type { Executor } from '../../db/client';
import { ownedMediaFiles } from './media-export.repository';

/** What a person's data export asks of the media module: every file they uploaded, oldest first. */
export const mediaAccount = {
  ownedFiles: (db: Executor, ownerId: string) => ownedMediaFiles(db, ownerId),
};
