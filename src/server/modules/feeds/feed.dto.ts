import type { FastifyInstance } from 'fastify';
import type { Feed, FeedPoll, FeedType } from '../../../common/contract/feeds';
import type { Executor } from '../../db/client';
import type { MediaService } from '../../plugins/media';
import type { Viewer } from '../blocking/viewer';
import { accessOf } from '../content/content-access.service';
import { commonContentFields, type ContentPageContext } from '../content/content-dto';
import type { MediaFileRow } from '../media/media.repository';
import type { ImageUrlContext } from '../users/user.dto';
import { feedPartsOf, type FeedPartsService } from './feed-parts.service';
import { feedPresentationRepository, type FeedParts, type FeedViewerRow } from './feed-presentation.repository';
import type { FeedRow } from './feeds.repository';
import type { PollWithOptions } from './polls.repository';

export interface FeedPresenterDeps {
  media: Pick<MediaService, 'present'>;
  urls: ImageUrlContext;
  parts: FeedPartsService;
}

export function feedPresenterDeps(app: Pick<FastifyInstance, 'db' | 'changeCaches' | 'media' | 'storage' | 'config'>): FeedPresenterDeps {
  return { media: app.media, urls: { storage: app.storage, webOrigin: app.config.webOrigin }, parts: feedPartsOf(app) };
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
 * Posts as this viewer gets them, for a whole page: one statement for what depends on the viewer
 * (access, reactions, authors, votes; feed-presentation.repository.ts) and the posts' files, covers
 * and polls from the process's cache, read in one more statement for the posts it lacks
 * (feed-parts.service.ts). Body files of a locked post are presented locked (blurred previews, no URL);
 * thumbnails and teasers are the creator's public marketing and always presented unlocked.
 */
export async function presentFeeds(deps: FeedPresenterDeps, db: Executor, viewer: Viewer, page: readonly FeedRow[]): Promise<Feed[]> {
  if (!page.length) return [];
  const [viewerRows, parts] = await Promise.all([
    feedPresentationRepository.viewerRows(db, viewer.userId ?? null, page.map((r) => r.id)),
    deps.parts.of(db, page),
  ]);
  return presentLoadedFeeds(deps, viewer, page, viewerRows, parts);
}

/**
 * `presentFeeds` for a page whose viewer rows and parts are read (the timeline reads its viewer
 * rows with its page). A post either lacks (deleted since the page was read) is left out.
 */
export function presentLoadedFeeds(
  deps: FeedPresenterDeps,
  viewer: Viewer,
  page: readonly FeedRow[],
  viewerRows: ReadonlyMap<string, FeedViewerRow>,
  parts: ReadonlyMap<string, FeedParts>,
): Feed[] {
  const rows = page.filter((row) => viewerRows.has(row.id) && parts.has(row.id));
  const ctx: ContentPageContext = { access: new Map(), liked: new Set(), bookmarked: new Set(), authors: new Map() };
  for (const row of rows) {
    const one = viewerRows.get(row.id)!;
    ctx.access.set(row.id, accessOf(viewer, row, one.isSubscribed, one.isBought));
    if (one.isLiked) ctx.liked.add(row.id);
    if (one.isBookmarked) ctx.bookmarked.add(row.id);
    ctx.authors.set(row.performerId, one.author);
  }
  const cover = (file: MediaFileRow | null) => (file ? deps.media.present(file, { unlocked: true }) : null);

  return rows.map((row) => {
    const info = ctx.access.get(row.id)!;
    const { files: own, thumbnail, teaser, poll } = parts.get(row.id)!;
    const { voted } = viewerRows.get(row.id)!;
    const isOwner = viewer.userId === row.performerId;
    return {
      _id: row.id,
      performerId: row.performerId,
      type: feedTypeOf(own, row.pollId),
      text: row.text,
      files: own.map((f) => deps.media.present(f, { unlocked: !info.isLocked })),
      thumbnail: cover(thumbnail),
      teaser: cover(teaser),
      poll: poll
        ? toFeedPoll(poll, {
            voted,
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
