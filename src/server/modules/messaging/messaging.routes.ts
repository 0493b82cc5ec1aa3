import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { conversationRoutes, messageRoutes } from '../../../common/contract/messaging';
import { HttpError } from '../../lib/http-error';
import { addRoute } from '../../lib/route';
import { signedInViewer, viewerOf } from '../blocking/viewer';
import { handleConversationRooms } from './conversation-rooms';
import { createMassMessages } from './mass-messages';
import { createMessagingEvents } from './messaging-events';
import { messagingRepository } from './messaging.repository';
import { createMessagingService } from './messaging.service';

type MessagingService = ReturnType<typeof createMessagingService>;

declare module 'fastify' {
  interface FastifyInstance {
    messaging: {
      /** Resolves once queued mass messages are delivered (tests, the seed, the benchmark). */
      whenIdle(): Promise<void>;
      /** Messages as a member sees them (locked or not); the paid-message charge answers with one. */
      messageViews: MessagingService['messageViews'];
      /** The caller's conversation with a creator, made if none exists, under the who-may-write rule (private show requests). */
      openConversation(viewer: Parameters<MessagingService['createConversation']>[0], performerId: string): ReturnType<MessagingService['createConversation']>;
    };
  }
}

/**
 * Conversations and messages (contracts `conversationRoutes`, `messageRoutes`), the conversation
 * rooms of the socket, and the mass-message job. An fp plugin so `app.messaging` is visible to
 * tests and scripts. Paid messages are sold by the wallet-charges module.
 */
export default fp(async function messagingModule(app: FastifyInstance) {
  const events = createMessagingEvents(app);
  const messaging = createMessagingService(app, events);
  const mass = await createMassMessages(app, messaging);
  app.decorate('messaging', {
    whenIdle: mass.whenIdle,
    messageViews: messaging.messageViews,
    openConversation: (viewer, performerId) => messaging.createConversation(viewer, { source: 'performer', sourceId: performerId }),
  });
  handleConversationRooms(app);

  // Per account, on every API instance when Redis is set (the same store as the global limit).
  const sendLimit = app.createRateLimit({
    max: app.config.messageRatePerMinute,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => `messages-send:${request.user?.id ?? request.ip}`,
  });
  async function checkSendLimit(request: FastifyRequest) {
    const result = await sendLimit(request);
    if (!result.isAllowed && result.isExceeded) {
      throw new HttpError(429, `You are sending messages too fast, please try again in ${result.ttlInSeconds} seconds`);
    }
  }

  addRoute(app, conversationRoutes.create, async (request) => ({
    data: await messaging.createConversation(await signedInViewer(app, request), request.body),
  }));
  addRoute(app, conversationRoutes.list, async (request) => ({
    data: await messaging.list(await signedInViewer(app, request), request.query),
  }));
  addRoute(app, conversationRoutes.search, async (request) => ({
    data: await messaging.list(await signedInViewer(app, request), request.query),
  }));
  addRoute(app, conversationRoutes.get, async (request) => ({
    data: await messaging.get(await signedInViewer(app, request), request.params.id),
  }));

  addRoute(app, messageRoutes.totalUnread, async (request) => ({ data: await messaging.totalUnread(request.user!.id) }));
  addRoute(app, messageRoutes.settings, async (request) => ({
    data: { whoMayWrite: await messagingRepository.policy(app.db, request.user!.id) },
  }));
  addRoute(app, messageRoutes.updateSettings, async (request) => {
    await messagingRepository.setPolicy(app.db, request.user!.id, request.body.whoMayWrite);
    return { data: { whoMayWrite: request.body.whoMayWrite } };
  });
  addRoute(app, messageRoutes.list, async (request) => ({
    data: await messaging.listMessages(await signedInViewer(app, request), request.params.id, request.query),
  }));
  addRoute(app, messageRoutes.listPublic, async (request) => ({
    data: await messaging.listPublic(await viewerOf(app, request), request.params.id, request.query),
  }));
  addRoute(app, messageRoutes.send, async (request) => {
    await checkSendLimit(request);
    return { data: await messaging.send(await signedInViewer(app, request), request.params.id, request.body) };
  });
  addRoute(app, messageRoutes.mass, async (request) => {
    await checkSendLimit(request);
    return { data: await mass.send(await signedInViewer(app, request), request.body) };
  });
  addRoute(app, messageRoutes.uploadPhoto, async (request) => ({ data: await messaging.upload(request, 'photo') }));
  addRoute(app, messageRoutes.uploadVideo, async (request) => ({ data: await messaging.upload(request, 'video') }));
  addRoute(app, messageRoutes.remove, async (request) => ({
    data: await messaging.remove(await signedInViewer(app, request), request.params.id),
  }));
  addRoute(app, messageRoutes.readAll, async (request) => ({
    data: await messaging.readAll(await signedInViewer(app, request), request.params.id),
  }));
  addRoute(app, messageRoutes.fileStatus, async (request) => ({
    data: await messaging.fileStatus(await signedInViewer(app, request), request.params.id, request.params.fileId),
  }));
}, { name: 'messaging', dependencies: ['realtime'] });
