import type { FastifyInstance } from 'fastify';
import { Cron } from 'croner';
import { FEED_UPLOAD_KINDS, feedRoutes, type FeedUploadKind } from '../../../common/contract/feeds';
import { addRoute } from '../../lib/route';
import { signedInViewer, viewerOf } from '../blocking/viewer';
import { createFeedReadsService } from './feed-reads.service';
import { createFeedsService } from './feeds.service';
import { createPollsService } from './polls.service';

const UPLOAD_ROUTES = {
  photo: feedRoutes.uploadPhoto,
  thumbnail: feedRoutes.uploadThumbnail,
  video: feedRoutes.uploadVideo,
  teaser: feedRoutes.uploadTeaser,
  audio: feedRoutes.uploadAudio,
} satisfies Record<FeedUploadKind, unknown>;

/** How far back the first run after start-up looks for scheduled posts that came due while the API was down. */
export const PUBLISHED_LOOKBACK_MS = 7 * 86_400_000;

/** Posts (feeds), polls and the fans' timeline (spec 7 "Feeds"). */
export default async function feedsModule(app: FastifyInstance) {
  const feeds = createFeedsService(app);
  const reads = createFeedReadsService(app);
  const polls = createPollsService(app);

  for (const kind of Object.keys(UPLOAD_ROUTES) as FeedUploadKind[]) {
    const { purpose, kinds } = FEED_UPLOAD_KINDS[kind];
    addRoute(app, UPLOAD_ROUTES[kind], async (request) => {
      const { file } = await app.media.ingestUpload(request, { ownerId: request.user!.id, kinds, purpose });
      return { data: app.media.present(file, { unlocked: true }) };
    });
  }
  addRoute(app, feedRoutes.uploadStatus, async (request) => ({
    data: await reads.uploadStatus(await signedInViewer(app, request), request.params.fileId),
  }));
  addRoute(app, feedRoutes.createPoll, async (request) => ({
    data: await polls.create(await signedInViewer(app, request), request.body),
  }));

  addRoute(app, feedRoutes.create, async (request) => ({
    data: await feeds.create(await signedInViewer(app, request), request.body),
  }));
  addRoute(app, feedRoutes.mine, async (request) => ({
    data: await feeds.mine(await signedInViewer(app, request), request.query),
  }));
  addRoute(app, feedRoutes.mineOne, async (request) => ({
    data: await feeds.mineOne(await signedInViewer(app, request), request.params.id),
  }));
  addRoute(app, feedRoutes.update, async (request) => ({
    data: await feeds.update(await signedInViewer(app, request), request.params.id, request.body),
  }));
  addRoute(app, feedRoutes.remove, async (request) => {
    await feeds.remove(await signedInViewer(app, request), request.params.id);
    return { data: { success: true } };
  });

  addRoute(app, feedRoutes.timeline, async (request) => ({
    data: await reads.timeline(await signedInViewer(app, request), request.query),
  }));
  addRoute(app, feedRoutes.byCreator, async (request) => ({
    data: await reads.byCreator(await viewerOf(app, request), request.params.username, request.query),
  }));
  addRoute(app, feedRoutes.view, async (request) => ({
    data: await reads.view(await viewerOf(app, request), request.params.id),
  }));
  addRoute(app, feedRoutes.vote, async (request) => ({
    data: await polls.vote(await signedInViewer(app, request), request.params.id, request.body.optionId),
  }));
  addRoute(app, feedRoutes.fileStatus, async (request) => ({
    data: await reads.fileStatus(await viewerOf(app, request), request.params.id, request.params.fileId),
  }));
  addRoute(app, feedRoutes.bookmarks, async (request) => ({
    data: await reads.bookmarks(await signedInViewer(app, request), request.query),
  }));

  // A scheduled post joins its creator's post count when it is published (no write happens then),
  // and its creator's subscribers are told then (tests call countPublished and announceDue themselves).
  if (app.config.env !== 'test') {
    let since = new Date(Date.now() - PUBLISHED_LOOKBACK_MS);
    const job = new Cron('* * * * *', { protect: true, unref: true }, async () => {
      const now = new Date();
      try {
        await feeds.countPublished(since, now);
        since = now;
      } catch (err) {
        app.log.error({ err }, 'recounting published scheduled posts failed');
      }
      try {
        await feeds.announceDue();
      } catch (err) {
        app.log.error({ err }, 'announcing published scheduled posts failed');
      }
    });
    app.addHook('onClose', async () => job.stop());
  }
}
