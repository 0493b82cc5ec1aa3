import type { Feed, FeedPoll, FeedType } from '../../../common/contract/feeds';
import type { Executor } from '../../db/client';
import type { MediaService } from '../../plugins/media';
import type { Viewer } from '../blocking/viewer';
import { commonContentFields, loadPageContext } from '../content/content-dto';
import { mediaRepository, type MediaFileRow } from '../media/media.repository';
import type { ImageUrlContext } from '../users/user.dto';
import { feedsRepository, type FeedRow } from './feeds.repository';
import { pollsRepository, type PollWithOptions } from './polls.repository';

export interface FeedPresenterDeps {
  media: Pick<MediaService, 'present'>;
  urls: ImageUrlContext;
}

/** What a post is, from what it holds (the SQL twin is `feedTypeIs`). */
export function feedTypeOf(files: readonly Pick<MediaFileRow, 'purpose'>[], pollId: string | null): FeedType {
  const has = (purpose: string) => files.some((f) => f.purpose === purpose);
  if (has('feed-video')) return 'video';
  if (has('feed-photo')) return 'photo';
  if (has('feed-audio')) return 'audio';
  return pollId ? 'poll' : 'text';
}

export const isPollClosed = (expiresAt: Date | null, now = Date.now()) => expiresAt !== null && expiresAt.getTime() <= now;

/**
 * A poll for one viewer. Results go to those who voted, the creator and admins, so counts do
 * not sway a vote; the others get the options with `votes: null`.
 */
export function toFeedPoll(
  { poll, options }: PollWithOptions,
  view: { voted: string | null; privileged: boolean; canOpen: boolean; signedIn: boolean; isOwner: boolean },
): FeedPoll {
  const isClosed = isPollClosed(poll.expiresAt);
  const canSeeResults = view.privileged || view.voted !== null;
  return {
    _id: poll.id,
    question: poll.question,
    options: options.map((o) => ({ _id: o.id, text: o.text, votes: canSeeResults ? o.totalVotes : null })),
    voted: view.voted,
    expiresAt: poll.expiresAt?.toISOString() ?? null,
    isClosed,
    totalVotes: canSeeResults ? poll.totalVotes : null,
    canSeeResults,
    canVote: view.signedIn && !view.isOwner && view.canOpen && view.voted === null && !isClosed,
  };
}

/**
 * Posts as this viewer gets them, for a whole page in a fixed number of queries: access, reactions
 * and authors (loadPageContext), the files of every post, thumbnails and teasers, polls and the
 * viewer's votes. Body files of a locked post are presented locked (blurred previews, no URL);
 * thumbnails and teasers are the creator's public marketing and always presented unlocked.
 */
export async function presentFeeds(deps: FeedPresenterDeps, db: Executor, viewer: Viewer, rows: readonly FeedRow[]): Promise<Feed[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const coverIds = rows.flatMap((r) => [r.thumbnailFileId, r.teaserFileId]).filter((id): id is string => Boolean(id));
  const pollIds = rows.map((r) => r.pollId).filter((id): id is string => Boolean(id));
  const [ctx, files, covers, polls, votes] = await Promise.all([
    loadPageContext(db, viewer, 'feed', rows),
    feedsRepository.filesOf(db, ids),
    mediaRepository.findByIds(db, coverIds),
    pollsRepository.withOptions(db, pollIds),
    viewer.userId ? pollsRepository.votesOf(db, viewer.userId, pollIds) : Promise.resolve(new Map<string, string>()),
  ]);
  const coverById = new Map(covers.map((c) => [c.id, c]));
  const filesByFeed = new Map<string, MediaFileRow[]>();
  for (const f of files) filesByFeed.set(f.feedId, [...(filesByFeed.get(f.feedId) ?? []), f.file]);
  const cover = (id: string | null) => {
    const row = id ? coverById.get(id) : undefined;
    return row ? deps.media.present(row, { unlocked: true }) : null;
  };

  return rows.map((row) => {
    const info = ctx.access.get(row.id)!;
    const own = filesByFeed.get(row.id) ?? [];
    const isOwner = viewer.userId === row.performerId;
    const poll = row.pollId ? polls.get(row.pollId) : undefined;
    return {
      _id: row.id,
      performerId: row.performerId,
      type: feedTypeOf(own, row.pollId),
      text: row.text,
      files: own.map((f) => deps.media.present(f, { unlocked: !info.isLocked })),
      thumbnail: cover(row.thumbnailFileId),
      teaser: cover(row.teaserFileId),
      poll: poll
        ? toFeedPoll(poll, {
            voted: votes.get(poll.poll.id) ?? null,
            privileged: isOwner || viewer.role === 'admin',
            canOpen: !info.isLocked,
            signedIn: Boolean(viewer.userId),
            isOwner,
          })
        : null,
      isPinned: row.isPinned,
      ...commonContentFields(deps.urls, ctx, row),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}
