import type { FastifyInstance } from 'fastify';
import { fromCents } from '../../../common/lib/money';
import type { Stream, StreamSettings, StreamView } from '../../../common/contract/streaming';
import { toParty } from '../messaging/messaging.dto';
import type { StreamAccess } from './stream-access';
import type { StreamSettingsRow, StreamWithCreator } from './streaming.repository';

export function toStream(app: FastifyInstance, { stream, user }: StreamWithCreator): Stream {
  return {
    _id: stream.id,
    performerId: stream.performerId,
    performer: toParty(app, user),
    title: stream.title,
    description: stream.description,
    access: stream.access,
    price: stream.access === 'sale' ? fromCents(stream.priceCents) : 0,
    isStreaming: stream.isStreaming,
    isChatClosed: stream.isChatClosed,
    conversationId: stream.conversationId,
    isPrivate: stream.privateViewerId !== null,
    // The Agora channel is the stream's id: unique per session, and what the token route looks up.
    channelName: stream.id,
    viewerCount: stream.isStreaming ? stream.viewerCount : 0,
    duration: stream.durationSeconds,
    startedAt: stream.startedAt.toISOString(),
    endedAt: stream.endedAt ? stream.endedAt.toISOString() : null,
  };
}

export const toStreamView = (app: FastifyInstance, row: StreamWithCreator, access: StreamAccess): StreamView => ({
  ...toStream(app, row),
  ...access,
});

export const toStreamSettings = (row: Pick<StreamSettingsRow, 'title' | 'description' | 'access' | 'priceCents'> | null): StreamSettings => ({
  title: row?.title ?? '',
  description: row?.description ?? '',
  access: row?.access ?? 'free',
  price: row && row.access === 'sale' ? fromCents(row.priceCents) : 0,
});
