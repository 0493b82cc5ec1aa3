import { FEED_BODY_PURPOSES, FEED_TEXT_MAX, FEED_UPLOAD_KINDS } from '../../../common/contract/feeds';
import { extractHashtags } from '../../../common/lib/hashtags';
import { richTextToPlain, sanitizeRichText } from '../../../common/lib/rich-text';
import type { Executor } from '../../db/client';
import { badRequest } from '../../lib/http-error';
import { mediaRepository } from '../media/media.repository';
import { feedsRepository } from './feeds.repository';
import { pollsRepository } from './polls.repository';
import { readAll } from '../../db/reads';

const fail = (field: string, message: string) => badRequest(message, [{ field, message }]);

/**
 * The stored form of a post's text: the shared allow-list, then at most FEED_TEXT_MAX visible
 * characters (markup does not count). Text that is only markup is stored as empty.
 */
export function cleanFeedText(raw: string): string {
  const html = sanitizeRichText(raw);
  const visible = richTextToPlain(html);
  if (visible.length > FEED_TEXT_MAX) throw fail('text', `Text must be at most ${FEED_TEXT_MAX} characters`);
  return visible ? html : '';
}

/** The hashtags stored beside a post's cleaned text (what the search's Hashtags tab finds). */
export const hashtagsOf = (cleanText: string): string[] => extractHashtags(richTextToPlain(cleanText));

/**
 * The body files of a post, in the given order: each must be the creator's own photo, video or
 * audio upload, not failed, and not part of another post (400 naming the position otherwise).
 * Pending and processing files may be attached: the post shows them once the job is done.
 */
export async function resolveBodyFiles(tx: Executor, performerId: string, ids: readonly string[], exceptFeedId: string | null): Promise<string[]> {
  const wanted = ids.map((id) => id.toLowerCase());
  const [owned, used] = await readAll(tx,
    () => mediaRepository.findOwned(tx, performerId, wanted, { purposes: FEED_BODY_PURPOSES }),
    () => feedsRepository.filesUsedElsewhere(tx, wanted, exceptFeedId),
  );
  const byId = new Map(owned.map((f) => [f.id, f]));
  wanted.forEach((id, i) => {
    const file = byId.get(id);
    if (!file) throw fail(`fileIds.${i}`, 'This file does not exist or is not one of your post uploads');
    if (file.status === 'failed') throw fail(`fileIds.${i}`, 'This file could not be processed: remove it and upload it again');
    if (used.has(id)) throw fail(`fileIds.${i}`, 'This file is already part of another post');
  });
  return wanted;
}

/** A thumbnail (image) or teaser (video) the creator uploaded for posts and no other post uses. */
export async function resolveCover(
  tx: Executor,
  performerId: string,
  kind: 'thumbnail' | 'teaser',
  id: string,
  exceptFeedId: string | null,
): Promise<string> {
  const field = `${kind}Id`;
  const [file] = await mediaRepository.findOwned(tx, performerId, [id.toLowerCase()], { purposes: [FEED_UPLOAD_KINDS[kind].purpose] });
  if (!file) throw fail(field, `This ${kind} does not exist or is not one of your post uploads`);
  if (file.status === 'failed') throw fail(field, `This ${kind} could not be processed: upload it again`);
  if (await feedsRepository.coverUsedElsewhere(tx, file.id, exceptFeedId)) throw fail(field, `This ${kind} is already used by another post`);
  return file.id;
}

/** One of the creator's own polls that no other post uses. */
export async function resolvePoll(tx: Executor, performerId: string, id: string, exceptFeedId: string | null): Promise<string> {
  const poll = await pollsRepository.findById(tx, id.toLowerCase());
  if (!poll || poll.performerId !== performerId) throw fail('pollId', 'This poll does not exist or is not yours');
  if (await feedsRepository.pollUsedElsewhere(tx, poll.id, exceptFeedId)) throw fail('pollId', 'This poll is already used by another post');
  return poll.id;
}
