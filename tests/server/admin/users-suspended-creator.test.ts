import { NOT_AVAILABLE_MESSAGE } from '../../../src/common/contract/social';
import { createPerformerWithToken, createUserWithToken } from '../../support/db';
import { startTestServer, type TestServer } from '../../support/server';
import { as, newOperator } from './users-helpers';

let server: TestServer;
let op: Awaited<ReturnType<typeof createUserWithToken>>;
let creator: Awaited<ReturnType<typeof createPerformerWithToken>>;
let fan: Awaited<ReturnType<typeof createUserWithToken>>;
let postId: string;

beforeAll(async () => {
  server = await startTestServer();
  op = await newOperator(server.app, 'ops_creator');
  creator = await createPerformerWithToken(server.app, { name: 'Suspended Sue', username: 'suspended_sue' });
  fan = await createUserWithToken(server.app);
  const post = await as(server.app, creator.token, 'POST', '/performer/feeds', { access: 'free', text: 'A free post for everyone' });
  expect(post.statusCode).toBe(200);
  postId = post.json().data._id;
  expect((await as(server.app, fan.token, 'POST', `/follows/${creator.user.id}`)).statusCode).toBe(200);
});
afterAll(() => server.close());

/** What a fan, a visitor and the explore page see of the creator and their post. */
async function seen() {
  const profile = await Promise.all([null, fan.token, op.token].map((t) => as(server.app, t, 'GET', '/performers/suspended_sue')));
  const byId = await as(server.app, fan.token, 'GET', `/performers/${creator.user.id}`);
  const post = await as(server.app, fan.token, 'GET', `/user/feeds/${postId}`);
  const posts = await as(server.app, fan.token, 'GET', '/user/feeds/search/suspended_sue');
  const timeline = await as(server.app, fan.token, 'GET', '/user/feeds');
  const explore = await as(server.app, null, 'GET', '/performers/user/search?q=suspended');
  const comments = await as(server.app, fan.token, 'GET', `/comments?objectType=feed&objectId=${postId}`);
  return {
    profile: profile.map((r) => [r.statusCode, r.json().message ?? 'ok']),
    byId: byId.statusCode,
    post: post.statusCode,
    posts: posts.statusCode,
    timeline: timeline.json().data.data.map((f: { _id: string }) => f._id),
    explore: explore.json().data.data.map((p: { username: string }) => p.username),
    comments: comments.statusCode,
  };
}

describe('a suspended creator', () => {
  it('is visible before the suspension', async () => {
    expect(await seen()).toEqual({
      profile: [[200, 'ok'], [200, 'ok'], [200, 'ok']], byId: 200, post: 200, posts: 200, timeline: [postId], explore: ['suspended_sue'], comments: 200,
    });
  });

  it('answers "not available" on the profile and shows nothing of their content while suspended', async () => {
    expect((await as(server.app, op.token, 'PUT', `/admin/users/${creator.user.id}/status`, { status: 'suspended', reason: 'Stolen content' })).statusCode).toBe(200);
    const now = await seen();
    expect(now).toEqual({
      profile: [[403, NOT_AVAILABLE_MESSAGE], [403, NOT_AVAILABLE_MESSAGE], [403, NOT_AVAILABLE_MESSAGE]],
      byId: 403, post: 404, posts: 404, timeline: [], explore: [], comments: 404,
    });
    // Their own token was revoked with the suspension.
    expect((await as(server.app, creator.token, 'GET', '/performers/me')).statusCode).toBe(401);
  });

  it('is back once reactivated', async () => {
    expect((await as(server.app, op.token, 'PUT', `/admin/users/${creator.user.id}/status`, { status: 'active' })).statusCode).toBe(200);
    expect((await seen()).profile).toEqual([[200, 'ok'], [200, 'ok'], [200, 'ok']]);
    expect((await seen()).timeline).toEqual([postId]);
  });

  it('keeps unknown creators a 404, not "not available"', async () => {
    const res = await as(server.app, fan.token, 'GET', '/performers/nobody_by_this_name');
    expect(res.statusCode).toBe(404);
  });
});
