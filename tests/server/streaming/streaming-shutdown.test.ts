import type { StreamRoomAck } from '../../../src/common/contract/realtime';
import { closeSockets, connected, newCreator, newFan, openSocket } from '../messaging/messaging-world';
import { enableLive, goLive, startStreamingServer } from './streaming-world';

jest.setTimeout(60_000);

/**
 * CI once failed a whole suite with ioredis' "Connection is closed": a viewer's socket dropped
 * (the suite's afterEach) and the instance shut down (its afterAll) while the viewer recount that
 * the disconnect started was still asking the other instances through Redis; the Redis adapter
 * publishes without handling a rejection, so the closed client became an unhandled rejection.
 * Shutdown must wait for socket-driven work before it closes Redis and the database.
 */
describe('shutting down while sockets leave stream rooms', () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  beforeAll(() => process.on('unhandledRejection', onUnhandled));
  afterAll(() => process.off('unhandledRejection', onUnhandled));

  it('finishes the viewer recounts the disconnects started before closing Redis and the database', async () => {
    const server = await startStreamingServer();
    let closed = false;
    try {
      await enableLive(server.app);
      const url = await server.app.listen({ port: 0, host: '127.0.0.1' });
      const creator = await newCreator(server.app);
      const stream = await goLive(server.app, creator);
      for (let i = 0; i < 5; i += 1) {
        const fan = await newFan(server.app);
        const socket = openSocket(url, fan.token);
        await connected(socket);
        const ack = (await socket.timeout(3000).emitWithAck('stream/join', { streamId: stream._id })) as StreamRoomAck;
        expect(ack.ok).toBe(true);
      }
      // Every viewer leaves at once and the instance stops in the same tick.
      closeSockets();
      await new Promise((resolve) => setTimeout(resolve, 5));
      await server.close();
      closed = true;
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(unhandled).toEqual([]);
    } finally {
      if (!closed) await server.close();
    }
  });
});
