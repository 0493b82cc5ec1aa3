import type { FastifyInstance } from 'fastify';
import { Value } from 'typebox/value';
import { StreamRoomPayload, streamRoom, type StreamRoomAck } from '../../../common/contract/realtime';
import { LIVE_DISABLED_MESSAGE } from '../../../common/contract/streaming';
import { clientIp, createGeoService } from '../geo/geo.service';
import { messagingRepository } from '../messaging/messaging.repository';
import { accessOf, isHiddenFrom, LOCKED_MESSAGE } from './stream-access';
import type { StreamEvents } from './stream-events';
import { liveEnabled } from './live-switch';
import { streamingRepository } from './streaming.repository';
import { isUuid } from '../../shared/ids';

const STREAM_ROOM_PREFIX = streamRoom('');
export const NOT_LIVE = 'Not live';

/**
 * `stream/join` / `stream/leave` on every socket, and the viewer count. Only a signed-in socket
 * whose user may watch (or the creator) joins; the ack of anyone else says why, with the same
 * words for an unknown, ended or hidden (blocked) stream. The count is the sockets in the room
 * across instances (`fetchSockets` asks the other instances through the Redis adapter), the
 * creator's own sockets left out; it is pushed to the room and stored on the stream (lists sort
 * by it) after every join, leave and disconnect.
 */
export function handleStreamRooms(app: FastifyInstance, events: StreamEvents) {
  const geo = createGeoService(app.settings);

  async function countViewers(streamId: string): Promise<number> {
    const found = await streamingRepository.byId(app.db, streamId);
    if (!found || !found.stream.isStreaming) return 0;
    const sockets = await app.io.in(streamRoom(streamId)).fetchSockets();
    const viewerCount = sockets.filter((s) => s.data.userId !== found.stream.performerId).length;
    await streamingRepository.setViewerCount(app.db, streamId, viewerCount);
    events.viewers(streamId, viewerCount);
    return viewerCount;
  }

  /** Tracked: a recount that a disconnect started must finish before Redis closes (realtime.ts). */
  const recount = async (streamId: string): Promise<number> => (await app.realtime.track(() => countViewers(streamId))) ?? 0;

  app.io.on('connection', (socket) => {
    socket.on('stream/join', async (payload, ack) => {
      const reply = (result: StreamRoomAck) => typeof ack === 'function' && ack(result);
      if (!Value.Check(StreamRoomPayload, payload)) return reply({ ok: false, message: 'streamId is required' });
      const userId = socket.data.userId;
      if (!userId) return reply({ ok: false, message: LOCKED_MESSAGE.login });
      try {
        if (!(await liveEnabled(app))) return reply({ ok: false, message: LIVE_DISABLED_MESSAGE });
        const found = isUuid(payload.streamId) ? await streamingRepository.byId(app.db, payload.streamId.toLowerCase()) : null;
        const user = found && (await messagingRepository.findUser(app.db, userId));
        const country = await geo.country(clientIp(socket.handshake.headers, socket.handshake.address));
        const viewer = { userId, role: user?.role ?? null, country };
        if (!found || !user || !found.stream.isStreaming || (await isHiddenFrom(app.db, found.stream, viewer))) {
          return reply({ ok: false, message: NOT_LIVE });
        }
        const access = await accessOf(app.db, viewer, found.stream);
        if (!access.canWatch) return reply({ ok: false, message: LOCKED_MESSAGE[access.lockReason!] });
        await socket.join(streamRoom(found.stream.id));
        reply({ ok: true, viewerCount: await recount(found.stream.id) });
      } catch (err) {
        app.log.warn({ err }, 'stream/join failed');
        reply({ ok: false, message: 'Could not open the stream, please try again' });
      }
    });

    socket.on('stream/leave', async (payload, ack) => {
      const reply = (result: StreamRoomAck) => typeof ack === 'function' && ack(result);
      if (!Value.Check(StreamRoomPayload, payload)) return reply({ ok: false, message: 'streamId is required' });
      const streamId = payload.streamId.toLowerCase();
      const wasIn = socket.rooms.has(streamRoom(streamId));
      await socket.leave(streamRoom(streamId));
      try {
        reply({ ok: true, viewerCount: wasIn && isUuid(streamId) ? await recount(streamId) : 0 });
      } catch (err) {
        app.log.warn({ err }, 'stream/leave failed');
        reply({ ok: true, viewerCount: 0 });
      }
    });

    // The rooms are gone by 'disconnect': note them while the socket still has them.
    let watching: string[] = [];
    socket.on('disconnecting', () => {
      watching = [...socket.rooms].filter((r) => r.startsWith(STREAM_ROOM_PREFIX)).map((r) => r.slice(STREAM_ROOM_PREFIX.length));
    });
    socket.on('disconnect', () => {
      for (const streamId of watching) {
        recount(streamId).catch((err) => app.log.debug({ err }, 'viewer recount after disconnect failed'));
      }
    });
  });
  return { recount };
}
