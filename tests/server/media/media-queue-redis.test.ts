import { Redis } from 'ioredis';
import { multipart } from '../../support/multipart';
import { corruptMp4, startMediaTestServer, tinyVideo, type MediaTestServer } from '../../support/media-fixtures';
import { mediaRepository, type MediaFileRow } from '../../../src/server/modules/media/media.repository';

jest.setTimeout(120_000);

// The BullMQ queue needs a Redis; without TEST_REDIS_URL this block is skipped (the in-process
// queue is what every other media test then runs on).
(process.env.TEST_REDIS_URL ? describe : describe.skip)('media jobs on BullMQ (REDIS_URL set)', () => {
  let server: MediaTestServer;
  let redis: Redis;
  beforeAll(async () => {
    server = await startMediaTestServer({ REDIS_URL: process.env.TEST_REDIS_URL!, MEDIA_JOB_CONCURRENCY: '2' });
    redis = new Redis(process.env.TEST_REDIS_URL!);
  });
  afterAll(async () => {
    await server?.close();
    await redis?.quit();
  });

  const upload = async (content: Buffer) => {
    const body = await multipart({}, { file: { content, filename: 'clip.mp4' } });
    const res = await server.app.inject({ method: 'POST', url: '/test-upload?kinds=video&purpose=video', ...body });
    expect(res.statusCode).toBe(200);
    return res.json().data.id as string;
  };

  it('processes videos through a queue named after REDIS_PREFIX, telling listeners', async () => {
    const heard: MediaFileRow[] = [];
    const stop = server.app.media.onProcessed((row) => heard.push(row));
    const [good, bad] = [await upload(await tinyVideo('mp4')), await upload(corruptMp4())];
    await server.app.media.whenIdle();
    stop();
    expect(await mediaRepository.findById(server.app.db, good)).toMatchObject({ status: 'ready', mainContentType: 'video/mp4' });
    expect(await mediaRepository.findById(server.app.db, bad)).toMatchObject({
      status: 'failed',
      failureReason: 'The video could not be read: it may be damaged or in an unsupported format',
    });
    expect(heard.map((r) => [r.id, r.status]).sort()).toEqual([[good, 'ready'], [bad, 'failed']].sort());
    const keys = await redis.keys(`bull:${server.config.redisPrefix}-media:*`);
    expect(keys.length).toBeGreaterThan(0);
  });
});
