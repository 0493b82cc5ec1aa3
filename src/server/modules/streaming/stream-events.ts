import type { FastifyInstance } from 'fastify';
import type { Stream, StreamMessage } from '../../../common/contract/streaming';
import type { PrivateShowRequest } from '../../../common/contract/private-shows';
import { streamRoom, userRoom } from '../../../common/contract/realtime';

/**
 * Socket pushes of streaming, after the commit, to the stream's room (its viewers and creator,
 * on every API instance through the Redis adapter). Stream changes also go to the creator's user
 * room: their studio page may not have joined the room.
 */
export function createStreamEvents(app: FastifyInstance) {
  return {
    updated(stream: Stream) {
      app.io.to([streamRoom(stream._id), userRoom(stream.performerId)]).emit('stream_updated', { stream });
    },
    messageCreated(streamId: string, message: StreamMessage) {
      app.io.to(streamRoom(streamId)).emit('stream_message_created', { message });
    },
    messageDeleted(streamId: string, conversationId: string, messageId: string) {
      app.io.to(streamRoom(streamId)).emit('stream_message_deleted', { conversationId, messageId });
    },
    cleared(streamId: string, conversationId: string) {
      app.io.to(streamRoom(streamId)).emit('stream_messages_cleared', { conversationId });
    },
    viewers(streamId: string, viewerCount: number) {
      app.io.to(streamRoom(streamId)).emit('stream_viewers', { streamId, viewerCount });
    },
    /** A private show request was made or changed: to its fan and its creator only. */
    privateShowUpdated(request: PrivateShowRequest) {
      app.io.to([userRoom(request.fanId), userRoom(request.performerId)]).emit('private_show_updated', { request });
    },
  };
}
export type StreamEvents = ReturnType<typeof createStreamEvents>;
