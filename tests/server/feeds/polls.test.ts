import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../support/server';
import { allRows, createUserWithToken, tables } from '../../support/db';
import type { Feed, FeedPoll } from '../../../src/common/contract/feeds';
import { buildPeople, call, createFeed, createPoll, feedSnapshot, US_IP, type People } from './feeds-world';

jest.setTimeout(120_000);

let server: TestServer;
let people: People;
beforeAll(async () => {
  server = await startTestServer();
  people = await buildPeople(server.app);
});
afterAll(() => server.close());

const owner = () => people.callers.owner;
const vote = (pollId: string, optionId: string, who: keyof People['callers']) =>
  call(server.app, 'POST', `/user/feeds/vote/${pollId}`, people.callers[who], { optionId });
const viewPoll = async (feedId: string, who: keyof People['callers']) =>
  ((await call(server.app, 'GET', `/user/feeds/${feedId}`, people.callers[who])).json().data as Feed).poll!;

async function pollPost(body: Record<string, unknown> = {}, feed: Record<string, unknown> = {}) {
  const poll = await createPoll(server.app, owner(), { question: 'Best colour?', options: ['Red', 'Green', 'Blue'], ...body });
  const post = await createFeed(server.app, owner(), { pollId: poll._id, ...feed });
  return { poll, post };
}

describe('POST /performer/feeds/polls', () => {
  it('creates a poll with trimmed options in order and answers it with counts for the creator', async () => {
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const res = await call(server.app, 'POST', '/performer/feeds/polls', owner(), { question: '  Next video? ', options: [' Beach ', 'City'], expiresAt });
    expect(res.statusCode).toBe(200);
    const poll: FeedPoll = res.json().data;
    expect(poll).toMatchObject({
      question: 'Next video?', expiresAt, isClosed: false, totalVotes: 0, voted: null, canSeeResults: true, canVote: false,
      options: [{ text: 'Beach', votes: 0 }, { text: 'City', votes: 0 }],
    });
    const noQuestion = await createPoll(server.app, owner(), { question: undefined, options: ['a', 'b'] });
    expect(noQuestion).toMatchObject({ question: '', expiresAt: null });
  });

  it('refuses bad polls with a readable 400 and writes nothing', async () => {
    const cases: [object, string | null][] = [
      [{ options: ['only one'] }, null],
      [{ options: Array.from({ length: 11 }, (_, i) => `o${i}`) }, null],
      [{ options: ['a', 'b'.repeat(101)] }, null],
      [{ options: ['a', ''] }, null],
      [{ options: ['a', '   '] }, 'An option cannot be empty'],
      [{ options: ['Yes', ' yes'] }, 'Options must all be different'],
      [{ options: ['a', 'b'], expiresAt: new Date(Date.now() - 1000).toISOString() }, 'The end time must be in the future'],
      [{ options: ['a', 'b'], expiresAt: 'tomorrow' }, null],
      [{ options: ['a', 'b'], question: 'q'.repeat(201) }, null],
      [{ options: ['a', 'b'], colour: 'red' }, null],
    ];
    for (const [body, message] of cases) {
      const before = await feedSnapshot(server.app);
      const res = await call(server.app, 'POST', '/performer/feeds/polls', owner(), body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(message ?? expect.any(String));
      expect(await feedSnapshot(server.app)).toEqual(before);
    }
  });
});

describe('POST /user/feeds/vote/:pollId', () => {
  it('counts one vote per person (409 on a second) and shows results only after voting', async () => {
    const { poll, post } = await pollPost();
    const [red, green] = poll.options;
    const before = await viewPoll(post._id, 'stranger');
    expect(before).toMatchObject({ canVote: true, canSeeResults: false, totalVotes: null, voted: null });
    expect(before.options.map((o) => o.votes)).toEqual([null, null, null]);

    const first = await vote(poll._id, red._id, 'stranger');
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ voted: red._id, canVote: false, canSeeResults: true, totalVotes: 1 });
    expect(first.json().data.options.map((o: { votes: number }) => o.votes)).toEqual([1, 0, 0]);

    const snapshot = await feedSnapshot(server.app);
    const again = await vote(poll._id, green._id, 'stranger');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You already voted in this poll');
    expect(await feedSnapshot(server.app)).toEqual(snapshot);

    expect((await vote(poll._id, green._id, 'follower')).statusCode).toBe(200);
    const after = await viewPoll(post._id, 'stranger');
    expect(after).toMatchObject({ voted: red._id, totalVotes: 2 });
    expect(after.options.map((o) => o.votes)).toEqual([1, 1, 0]);
    // Someone who has not voted still sees no counts; the creator and admins always do.
    expect((await viewPoll(post._id, 'fan')).options.map((o) => o.votes)).toEqual([null, null, null]);
    expect((await viewPoll(post._id, 'owner')).totalVotes).toBe(2);
    expect((await viewPoll(post._id, 'admin')).options.map((o) => o.votes)).toEqual([1, 1, 0]);
    expect((await viewPoll(post._id, 'signedOut'))).toMatchObject({ canVote: false, totalVotes: null });
  });

  it('refuses votes on a closed poll with 422', async () => {
    const { poll, post } = await pollPost({ expiresAt: new Date(Date.now() + 60_000).toISOString() });
    expect((await vote(poll._id, poll.options[0]._id, 'stranger')).statusCode).toBe(200);
    await server.app.db.update(tables.polls).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(tables.polls.id, poll._id));
    const before = await feedSnapshot(server.app);
    const res = await vote(poll._id, poll.options[1]._id, 'follower');
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('This poll is closed');
    expect(await feedSnapshot(server.app)).toEqual(before);
    expect(await viewPoll(post._id, 'follower')).toMatchObject({ isClosed: true, canVote: false });
  });

  it('lets only viewers who can open the post vote, never its creator', async () => {
    const { poll } = await pollPost({}, { access: 'sale', price: 2 });
    const option = poll.options[0]._id;
    const expectRefused = async (who: keyof People['callers'], status: number, message?: string) => {
      const before = await feedSnapshot(server.app);
      const res = await vote(poll._id, option, who);
      expect(res.statusCode).toBe(status);
      if (message) expect(res.json().message).toBe(message);
      expect(await feedSnapshot(server.app)).toEqual(before);
    };
    await expectRefused('stranger', 403, 'Unlock this post to vote');
    await expectRefused('subscriber', 403, 'Unlock this post to vote');
    await expectRefused('blocked', 403);
    await expectRefused('blockedCountry', 403);
    await expectRefused('signedOut', 401);
    await expectRefused('owner', 400, 'You cannot vote in your own poll');
    expect((await vote(poll._id, option, 'admin')).statusCode).toBe(200);
  });

  it('refuses unknown polls, polls in no post, drafts, foreign options and bad ids', async () => {
    const loose = await createPoll(server.app, owner());
    const { poll } = await pollPost();
    const { poll: draftPoll } = await pollPost({}, { status: 'draft' });
    const other = await pollPost();
    const cases: [string, object, number][] = [
      ['00000000-0000-4000-8000-000000000000', { optionId: poll.options[0]._id }, 404],
      [loose._id, { optionId: loose.options[0]._id }, 404],
      [draftPoll._id, { optionId: draftPoll.options[0]._id }, 404],
      [poll._id, { optionId: other.poll.options[0]._id }, 400],
      [poll._id, { optionId: 'nope' }, 400],
      [poll._id, {}, 400],
      [poll._id, { optionId: poll.options[0]._id, extra: true }, 400],
      ['not-a-uuid', { optionId: poll.options[0]._id }, 400],
    ];
    for (const [id, body, status] of cases) {
      const before = await feedSnapshot(server.app);
      const res = await call(server.app, 'POST', `/user/feeds/vote/${id}`, people.callers.stranger, body);
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toEqual(expect.any(String));
      expect(await feedSnapshot(server.app)).toEqual(before);
    }
  });

  it('keeps counters exact when the same person and many people vote at once', async () => {
    const { poll } = await pollPost();
    const voters = await Promise.all(Array.from({ length: 8 }, () => createUserWithToken(server.app)));
    const requests = voters.flatMap((v, i) => [0, 1].map((k) =>
      call(server.app, 'POST', `/user/feeds/vote/${poll._id}`, { token: v.token, ip: US_IP }, { optionId: poll.options[(i + k) % 3]._id })));
    const results = await Promise.all(requests);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(8);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(8);
    const votes = (await allRows(server.app, tables.pollVotes)).filter((v) => v.pollId === poll._id);
    const stored = (await allRows(server.app, tables.polls)).find((p) => p.id === poll._id)!;
    const options = (await allRows(server.app, tables.pollOptions)).filter((o) => o.pollId === poll._id);
    expect(stored.totalVotes).toBe(8);
    expect(votes).toHaveLength(8);
    for (const o of options) expect(o.totalVotes).toBe(votes.filter((v) => v.optionId === o.id).length);
  });
});
