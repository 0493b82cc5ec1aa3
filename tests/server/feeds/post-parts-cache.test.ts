import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createPerformerWithToken, createUserWithToken, tables } from '../../support/db';
import { noticesDelivered } from '../../support/change-notices';
import { describeOnPostgres, secondInstance, soon } from '../../support/second-instance';
import { startTestServer, type TestServer } from '../../support/server';
import type { TimelinePage } from '../../../src/common/contract/feeds';
import { feedPresenterDeps, presentFeeds } from '../../../src/server/modules/feeds/feed.dto';
import { feedsRepository } from '../../../src/server/modules/feeds/feeds.repository';

jest.setTimeout(120_000);

/**
 * Each post's parts that are the same for every viewer (its files, covers and poll) are kept in
 * each API process (modules/feeds/feed-parts.service.ts) and dropped by every change to what they
 * are made of: by this process's own writes before they run, and by the database's
 * `post_parts_changed` notices (migration 0020) for every process. A timeline page whose posts'
 * parts are kept is one statement.
 */
let server: TestServer;
let statements = 0;
beforeAll(async () => {
  server = await startTestServer({}, { onQuery: () => { statements += 1; } });
});
afterAll(() => server.close());

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

async function timeline(app: FastifyInstance, token: string, limit = 10): Promise<TimelinePage> {
  const res = await app.inject({ method: 'GET', url: `/user/feeds?limit=${limit}`, headers: { authorization: token } });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}
const counted = async <T>(read: () => Promise<T>): Promise<[T, number]> => {
  statements = 0;
  const value = await read();
  return [value, statements];
};

/** A fan following a creator who has a photo post and a poll post. */
async function world() {
  const creator = await createPerformerWithToken(server.app);
  const fan = await createUserWithToken(server.app);
  await server.app.db.insert(tables.follows).values({ followerId: fan.user.id, performerId: creator.user.id });
  const file = async (status: 'ready' | 'processing' = 'ready') => (await server.app.db.insert(tables.mediaFiles).values({
    ownerId: creator.user.id, kind: 'image', purpose: 'feed-photo', status, mainKey: `media/photos/${crypto.randomUUID()}.jpg`, mainContentType: 'image/jpeg',
  }).returning())[0];
  const photo = await file('processing');
  const [photoPost] = await server.app.db.insert(tables.feeds).values({ performerId: creator.user.id, text: 'photo', publishAt: minutesAgo(1) }).returning();
  await feedsRepository.setFiles(server.app.db, photoPost.id, [photo.id]);
  const [poll] = await server.app.db.insert(tables.polls).values({ performerId: creator.user.id, question: 'Which?' }).returning();
  const options = await server.app.db.insert(tables.pollOptions).values([{ pollId: poll.id, text: 'A', position: 0 }, { pollId: poll.id, text: 'B', position: 1 }]).returning();
  const [pollPost] = await server.app.db.insert(tables.feeds).values({ performerId: creator.user.id, text: 'poll', pollId: poll.id, publishAt: minutesAgo(2) }).returning();
  return { creator, fan, file, photo, photoPost, poll, options, pollPost };
}

describe('a timeline page', () => {
  it('reads its posts\' parts once, then is one statement; a new post costs one more for its own parts', async () => {
    const w = await world();
    await noticesDelivered(server.app, 'postParts');
    await timeline(server.app, w.fan.token); // signs the session in to the process's session cache
    const [warm, count] = await counted(() => timeline(server.app, w.fan.token));
    expect(warm.data.map((f) => f._id)).toEqual([w.photoPost.id, w.pollPost.id]);
    expect(count).toBe(1);
    const [fresh] = await server.app.db.insert(tables.feeds).values({ performerId: w.creator.user.id, text: 'new' }).returning();
    const [next, cold] = await counted(() => timeline(server.app, w.fan.token));
    expect(next.data[0]._id).toBe(fresh.id);
    expect(cold).toBe(2);
    expect((await counted(() => timeline(server.app, w.fan.token)))[1]).toBe(1);
  });

  it('shows a file\'s processing end, a new file list and a vote at once', async () => {
    const w = await world();
    const first = await timeline(server.app, w.fan.token);
    expect(first.data[0].files.map((f) => f.status)).toEqual(['processing']);
    expect(first.data[1].poll).toMatchObject({ voted: null, totalVotes: null });

    await server.app.db.update(tables.mediaFiles).set({ status: 'ready' }).where(eq(tables.mediaFiles.id, w.photo.id));
    expect((await timeline(server.app, w.fan.token)).data[0].files.map((f) => f.status)).toEqual(['ready']);

    const second = await w.file();
    await feedsRepository.setFiles(server.app.db, w.photoPost.id, [second.id, w.photo.id]);
    expect((await timeline(server.app, w.fan.token)).data[0].files.map((f) => f._id)).toEqual([second.id, w.photo.id]);

    const vote = await server.app.inject({
      method: 'POST', url: `/user/feeds/vote/${w.poll.id}`, headers: { authorization: w.fan.token }, payload: { optionId: w.options[1].id },
    });
    expect(vote.statusCode).toBe(200);
    const poll = (await timeline(server.app, w.fan.token)).data[1].poll!;
    expect(poll).toMatchObject({ voted: w.options[1].id, totalVotes: 1 });
    expect(poll.options.map((o) => o.votes)).toEqual([0, 1]);
  });

  it('shows a new thumbnail at once, and a change made by hand in the database', async () => {
    const w = await world();
    await timeline(server.app, w.fan.token);
    const cover = await server.app.db.insert(tables.mediaFiles).values({
      ownerId: w.creator.user.id, kind: 'image', purpose: 'feed-thumbnail', status: 'ready', mainKey: `media/photos/${crypto.randomUUID()}.jpg`, mainContentType: 'image/jpeg',
    }).returning();
    // The post's own row names its thumbnail: the kept parts were read for none.
    await server.app.db.update(tables.feeds).set({ thumbnailFileId: cover[0].id }).where(eq(tables.feeds.id, w.photoPost.id));
    expect((await timeline(server.app, w.fan.token)).data[0].thumbnail?._id).toBe(cover[0].id);
    // Raw SQL that names no key: this process drops everything before it runs.
    await server.app.db.execute(sql.raw(`update media_files set status = 'failed' where id = '${w.photo.id}'`));
    expect((await timeline(server.app, w.fan.token)).data[0].files.map((f) => f.status)).toEqual(['failed']);
  });

  it('never keeps what a transaction read: a change rolled back is not shown', async () => {
    const w = await world();
    const deps = feedPresenterDeps(server.app);
    const viewer = { userId: w.fan.user.id, role: 'user' as const, country: null };
    await server.app.db.transaction(async (tx) => {
      await tx.update(tables.mediaFiles).set({ status: 'failed' }).where(eq(tables.mediaFiles.id, w.photo.id));
      const [inside] = await presentFeeds(deps, tx, viewer, [(await feedsRepository.findById(tx, w.photoPost.id))!]);
      expect(inside.files[0].status).toBe('failed');
      tx.rollback();
    }).catch(() => undefined);
    expect((await timeline(server.app, w.fan.token)).data[0].files.map((f) => f.status)).toEqual(['processing']);
  });
});

describeOnPostgres('two API instances sharing PostgreSQL', () => {
  const instanceB = secondInstance(() => server);

  it('shows on instance B a file, a file list and a vote changed on instance A', async () => {
    const w = await world();
    const statusOnB = async () => (await timeline(instanceB(), w.fan.token)).data[0].files.map((f) => `${f._id}:${f.status}`);
    expect(await statusOnB()).toEqual([`${w.photo.id}:processing`]);
    await server.app.db.update(tables.mediaFiles).set({ status: 'ready' }).where(eq(tables.mediaFiles.id, w.photo.id));
    expect(await soon(statusOnB, (s) => s[0] === `${w.photo.id}:ready`)).toEqual([`${w.photo.id}:ready`]);

    const second = await w.file();
    await feedsRepository.setFiles(server.app.db, w.photoPost.id, [second.id]);
    expect(await soon(statusOnB, (s) => s.length === 1 && s[0].startsWith(second.id))).toEqual([`${second.id}:ready`]);

    const creatorPoll = async () => (await timeline(instanceB(), w.creator.token)).data.find((f) => f._id === w.pollPost.id)!.poll!.totalVotes;
    expect(await creatorPoll()).toBe(0);
    const vote = await server.app.inject({
      method: 'POST', url: `/user/feeds/vote/${w.poll.id}`, headers: { authorization: w.fan.token }, payload: { optionId: w.options[0].id },
    });
    expect(vote.statusCode).toBe(200);
    expect(await soon(creatorPoll, (n) => n === 1)).toBe(1);
  });
});
