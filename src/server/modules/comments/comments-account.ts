import type { Executor } from '../../db/client';
import { commentsRepository } from './comments.repository';

/**
 * What a deleted account asks of the comments module: the ids of every image the person uploaded
 * for comments, attached or not. The account's deletion removes them with its other files
 * (`app.media.remove` after its transaction; the comments lose their image through the foreign
 * key), while the comments' text stays under the anonymised name, as messages do.
 */
export const commentsAccount = {
  imageIds: (db: Executor, userId: string) => commentsRepository.imageIdsOwnedBy(db, userId),
};
