import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Cron } from 'croner';
import { STREAM_STALE_SECONDS, streamChatRoutes, streamingRoutes } from '../../../common/contract/streaming';
import { privateShowRoutes } from '../../../common/contract/private-shows';
import { HttpError } from '../../lib/http-error';
import { addRoute } from '../../lib/route';
import { signedInViewer, viewerOf } from '../blocking/viewer';
import { reflectLiveSwitch } from './live-switch';
import { createStreamChatService } from './stream-chat.service';
import { createStreamEvents } from './stream-events';
import { handleStreamRooms } from './stream-rooms';
import { createStreamingService, type StreamingService } from './streaming.service';
import { createPrivateShowsService } from './private-shows.service';

declare module 'fastify' {
  interface FastifyInstance {
    streaming: {
      /** A stream as one viewer sees it (the ticket purchase answers with one). */
      viewOf: StreamingService['viewOf'];
      /** Ends streams silent for `seconds` (the job runs it every minute; tests call it). */
      endStale(seconds?: number): Promise<number>;
      /** Recounts a stream's viewers, stores and pushes the count. */
      recount(streamId: string): Promise<number>;
    };
  }
}

/**
 * Live streaming (contracts `streamingRoutes`, `streamChatRoutes`): go live, watch, Agora tokens,
 * the live chat, the stream rooms of the socket, and the job ending streams whose creator went
 * silent; private show requests (contract `privateShowRoutes`). Tickets, private shows' too, are
 * sold by the wallet-charges module. An fp plugin so `app.streaming` is
 * visible to it and to tests.
 */
export default fp(async function streamingModule(app: FastifyInstance) {
  reflectLiveSwitch(app);
  const events = createStreamEvents(app);
  const privateShows = createPrivateShowsService(app, events);
  const streaming = createStreamingService(app, events, privateShows);
  const chat = createStreamChatService(app, events);
  const rooms = handleStreamRooms(app, events);
  app.decorate('streaming', {
    viewOf: streaming.viewOf,
    endStale: (seconds = STREAM_STALE_SECONDS) => streaming.endStale(seconds),
    recount: rooms.recount,
  });

  // Per account, like private messages, in a budget of its own (a busy live chat should not stop
  // someone's private messages); Redis-shared through the global limit's store.
  const sendLimit = app.createRateLimit({
    max: app.config.messageRatePerMinute,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => `stream-messages-send:${request.user?.id ?? request.ip}`,
  });

  const performerId = (request: FastifyRequest) => request.user!.id;

  addRoute(app, streamingRoutes.me, async (request) => ({ data: await streaming.me(performerId(request)) }));
  addRoute(app, streamingRoutes.update, async (request) => ({ data: await streaming.update(performerId(request), request.body) }));
  addRoute(app, streamingRoutes.goLive, async (request) => ({ data: await streaming.goLive(performerId(request), request.body) }));
  addRoute(app, streamingRoutes.editLive, async (request) => ({
    data: await streaming.editLive(performerId(request), request.params.id, request.body),
  }));
  addRoute(app, streamingRoutes.setDuration, async (request) => ({ data: await streaming.setDuration(performerId(request), request.body) }));
  addRoute(app, streamingRoutes.join, async (request) => ({ data: await streaming.join(await viewerOf(app, request), request.params.id) }));
  addRoute(app, streamingRoutes.agoraToken, async (request) => ({
    data: await streaming.agoraToken(await signedInViewer(app, request), request.body.channelName),
  }));
  addRoute(app, streamingRoutes.search, async (request) => ({ data: await streaming.search(await viewerOf(app, request), request.query) }));

  addRoute(app, streamChatRoutes.conversationOfPerformer, async (request) => ({
    data: await chat.conversationOfPerformer(await viewerOf(app, request), request.params.id),
  }));
  addRoute(app, streamChatRoutes.updateConversation, async (request) => ({
    data: await chat.updateConversation(performerId(request), request.params.id, request.body),
  }));
  addRoute(app, streamChatRoutes.list, async (request) => ({
    data: await chat.list(await viewerOf(app, request), request.params.id, request.query),
  }));
  addRoute(app, streamChatRoutes.send, async (request) => {
    const limit = await sendLimit(request);
    if (!limit.isAllowed && limit.isExceeded) {
      throw new HttpError(429, `You are sending messages too fast, please try again in ${limit.ttlInSeconds} seconds`);
    }
    return { data: await chat.send(await signedInViewer(app, request), request.params.id, request.body) };
  });
  addRoute(app, streamChatRoutes.removeAll, async (request) => ({ data: await chat.removeAll(performerId(request), request.params.id) }));

  addRoute(app, privateShowRoutes.settings, async (request) => ({ data: await privateShows.settings(performerId(request)) }));
  addRoute(app, privateShowRoutes.updateSettings, async (request) => ({ data: await privateShows.updateSettings(performerId(request), request.body) }));
  addRoute(app, privateShowRoutes.offer, async (request) => ({ data: await privateShows.offer(await viewerOf(app, request), request.params.id) }));
  addRoute(app, privateShowRoutes.list, async (request) => ({ data: await privateShows.list(await signedInViewer(app, request), request.query) }));
  addRoute(app, privateShowRoutes.create, async (request) => ({ data: await privateShows.create(await signedInViewer(app, request), request.body) }));
  addRoute(app, privateShowRoutes.accept, async (request) => ({ data: await privateShows.accept(performerId(request), request.params.id) }));
  addRoute(app, privateShowRoutes.decline, async (request) => ({ data: await privateShows.decline(performerId(request), request.params.id) }));
  addRoute(app, privateShowRoutes.cancel, async (request) => ({ data: await privateShows.cancel(await signedInViewer(app, request), request.params.id) }));

  // A creator whose page closed without ending the stream stops sending heartbeats: end it.
  if (app.config.env !== 'test') {
    const job = new Cron('* * * * *', { protect: true, unref: true }, async () => {
      try {
        await streaming.endStale(STREAM_STALE_SECONDS);
      } catch (err) {
        app.log.error({ err }, 'ending stale streams failed');
      }
    });
    app.addHook('onClose', async () => job.stop());
  }
}, { name: 'streaming', dependencies: ['realtime', 'settings', 'messaging'] });
