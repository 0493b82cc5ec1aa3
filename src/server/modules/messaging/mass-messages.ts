import type { FastifyInstance } from 'fastify';
import type { MassMessageResult, MessageType, SendMessageBody } from '../../../common/contract/messaging';
import { createJobQueue } from '../../jobs/create-job-queue';
import { contentPriceBounds } from '../content/content-access.service';
import { mediaRepository, type MediaFileRow } from '../media/media.repository';
import { messagingRepository } from './messaging.repository';
import type { MessagingService, SignedIn } from './messaging.service';

/**
 * A creator's message to every subscriber: the request validates it, stores one `mass_messages`
 * row and queues its id; the job (the app's job queue: in-process, or BullMQ over Redis) sends one
 * ordinary message per subscriber, each in its own transaction, so every fan gets a normal
 * conversation, unread count and socket event. The unique (mass message, conversation) key makes
 * a retried or re-queued job skip the fans it already reached; pending rows are re-queued at
 * start-up when the queue lives in memory.
 */
export async function createMassMessages(app: FastifyInstance, messaging: MessagingService) {
  async function deliver(id: string, signal: AbortSignal) {
    const mass = await messagingRepository.findMassMessage(app.db, id);
    if (!mass || mass.status === 'sent') return;
    const files: MediaFileRow[] = [];
    for (const fileId of mass.fileIds) {
      const file = await mediaRepository.findById(app.db, fileId);
      if (file) files.push(file);
    }
    const type: MessageType = files.some((f) => f.kind === 'video') ? 'video' : files.length ? 'photo' : 'text';
    const draft = { text: mass.text, type, priceCents: mass.priceCents, files };
    if (!draft.text && !files.length) return messagingRepository.markMassMessageSent(app.db, id);
    for (const fanId of await messagingRepository.subscriberIds(app.db, mass.performerId)) {
      if (signal.aborted) throw new Error('Shutting down: mass message left pending');
      if (await messagingRepository.blockedEitherWay(app.db, mass.performerId, fanId)) continue;
      const message = await app.db.transaction(async (tx) => {
        const { conversation } = await messagingRepository.findOrCreatePair(tx, mass.performerId, fanId);
        return messaging.write(tx, conversation.id, mass.performerId, draft, mass.id);
      });
      if (message) await messaging.announce(message, files, fanId);
    }
    await messagingRepository.markMassMessageSent(app.db, id);
  }

  const { config } = app;
  const queue = await createJobQueue(app, deliver, { name: 'mass-messages', concurrency: 1 });
  app.addHook('onReady', async () => {
    if (config.redisUrl) return;
    for (const id of await messagingRepository.pendingMassMessageIds(app.db)) await queue.add(id);
  });
  app.addHook('onClose', async () => queue.close());

  return {
    whenIdle: () => queue.whenIdle(),

    async send(viewer: SignedIn, body: SendMessageBody): Promise<MassMessageResult> {
      const bounds = await contentPriceBounds(app.settings);
      const { mass, recipients } = await app.db.transaction(async (tx) => {
        const draft = await messaging.draftOf(tx, viewer, body, bounds);
        const fans = await messagingRepository.subscriberIds(tx, viewer.userId);
        let reachable = 0;
        for (const fanId of fans) if (!(await messagingRepository.blockedEitherWay(tx, viewer.userId, fanId))) reachable += 1;
        const row = await messagingRepository.insertMassMessage(tx, {
          performerId: viewer.userId,
          text: draft.text,
          priceCents: draft.priceCents,
          fileIds: draft.files.map((f) => f.id),
        });
        return { mass: row, recipients: reachable };
      });
      await queue.add(mass.id);
      return { recipients };
    },
  };
}
