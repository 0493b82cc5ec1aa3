import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { allRows, createPerformerWithToken, createUserWithToken, tables } from '../../support/db';
import { multipart } from '../../support/multipart';
import { tinyAudio, tinyVideo } from '../../support/media-fixtures';
import { entitlementsRepository } from '../../../src/server/modules/entitlements/entitlements.repository';
import type { Feed, FeedPoll } from '../../../src/common/contract/feeds';
import type { MediaFileView } from '../../../src/common/contract/media';
import { call, GB_IP, US_IP, type Caller } from '../social/social-helpers';

export { call, GB_IP, US_IP, type Caller };

/** A small real JPEG with a colour of its own, so every upload is a different picture. */
export const jpeg = (seed = 0) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: (seed * 40) % 256, g: 120, b: 200 } } }).jpeg().toBuffer();

let videoBytes: Promise<Buffer> | null = null;
let audioBytes: Promise<Buffer> | null = null;
/** One second of MP4 / MP3, made once per test file. */
export const video = () => (videoBytes ??= tinyVideo('mp4'));
export const audio = () => (audioBytes ??= tinyAudio('mp3'));

/** POST /performer/feeds/{kind}/upload with one real file in the field "file". */
export async function upload(app: FastifyInstance, as: Caller, kind: string, content: Buffer, filename: string) {
  const body = await multipart({}, { file: { content, filename } });
  const headers: Record<string, string> = { ...body.headers };
  if (as.token) headers.authorization = as.token;
  if (as.ip) headers['x-forwarded-for'] = as.ip;
  return app.inject({ method: 'POST', url: `/performer/feeds/${kind}/upload`, headers, payload: body.payload });
}

/** Uploads and returns the file view; fails the test on anything but 200. */
export async function uploaded(app: FastifyInstance, as: Caller, kind: 'photo' | 'thumbnail' | 'video' | 'teaser' | 'audio', seed = 0): Promise<MediaFileView> {
  const content = kind === 'video' || kind === 'teaser' ? await video() : kind === 'audio' ? await audio() : await jpeg(seed);
  const name = kind === 'video' || kind === 'teaser' ? 'clip.mp4' : kind === 'audio' ? 'song.mp3' : `pic-${seed}.jpg`;
  const res = await upload(app, as, kind, content, name);
  if (res.statusCode !== 200) throw new Error(`upload ${kind} failed: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

/** POST /performer/feeds; fails the test on anything but 200. */
export async function createFeed(app: FastifyInstance, as: Caller, body: Record<string, unknown>): Promise<Feed> {
  const res = await call(app, 'POST', '/performer/feeds', as, { access: 'free', ...body });
  if (res.statusCode !== 200) throw new Error(`create feed failed: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

export async function createPoll(app: FastifyInstance, as: Caller, body: Record<string, unknown> = {}): Promise<FeedPoll> {
  const res = await call(app, 'POST', '/performer/feeds/polls', as, { question: 'Which one?', options: ['Red', 'Blue'], ...body });
  if (res.statusCode !== 200) throw new Error(`create poll failed: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

export type Who = 'owner' | 'admin' | 'subscriber' | 'buyer' | 'follower' | 'stranger' | 'signedOut' | 'blocked' | 'blockedCountry' | 'otherCreator' | 'fan';

export interface People {
  creatorId: string;
  ids: Record<Who, string | null>;
  callers: Record<Who, Caller>;
}

/**
 * One creator and everyone the access rules tell apart. All call from a US address except
 * `blockedCountry` (GB, which the creator blocked). `buyer` buys nothing here: tests grant
 * purchases of the posts they make with `grantPurchase`.
 */
export async function buildPeople(app: FastifyInstance): Promise<People> {
  const owner = await createPerformerWithToken(app);
  const otherCreator = await createPerformerWithToken(app);
  const admin = await createUserWithToken(app, { role: 'admin' });
  const fan = () => createUserWithToken(app);
  const [subscriber, buyer, follower, stranger, blocked, countryFan, plainFan] = [
    await fan(), await fan(), await fan(), await fan(), await fan(), await fan(), await fan(),
  ];
  const creatorId = owner.user.id;
  const inAMonth = new Date(Date.now() + 30 * 86_400_000);
  await entitlementsRepository.grantSubscription(app.db, { userId: subscriber.user.id, performerId: creatorId, type: 'monthly', expiresAt: inAMonth });
  await app.db.insert(tables.follows).values({ followerId: follower.user.id, performerId: creatorId });
  await app.db.insert(tables.blockedUsers).values({ performerId: creatorId, userId: blocked.user.id });
  await app.db.insert(tables.blockedCountries).values({ performerId: creatorId, country: 'GB' });
  const us = (a: { token: string }): Caller => ({ token: a.token, ip: US_IP });
  return {
    creatorId,
    ids: {
      owner: creatorId, admin: admin.user.id, subscriber: subscriber.user.id, buyer: buyer.user.id, follower: follower.user.id,
      stranger: stranger.user.id, signedOut: null, blocked: blocked.user.id, blockedCountry: countryFan.user.id,
      otherCreator: otherCreator.user.id, fan: plainFan.user.id,
    },
    callers: {
      owner: us(owner), admin: us(admin), subscriber: us(subscriber), buyer: us(buyer), follower: us(follower), stranger: us(stranger),
      signedOut: { ip: US_IP }, blocked: us(blocked), blockedCountry: { token: countryFan.token, ip: GB_IP },
      otherCreator: us(otherCreator), fan: us(plainFan),
    },
  };
}

export const grantPurchase = (app: FastifyInstance, userId: string, feedId: string) =>
  entitlementsRepository.grantEntitlement(app.db, { userId, objectType: 'feed', objectId: feedId });

const sortBy = <T>(rows: T[], key: (r: T) => string) => [...rows].sort((a, b) => key(a).localeCompare(key(b)));

/** Everything the feed routes may write, for "bad input changed nothing". */
export async function feedSnapshot(app: FastifyInstance) {
  const [feeds, feedFiles, polls, pollOptions, pollVotes, mediaFiles, performers, reactions, comments] = await Promise.all([
    allRows(app, tables.feeds), allRows(app, tables.feedFiles), allRows(app, tables.polls), allRows(app, tables.pollOptions),
    allRows(app, tables.pollVotes), allRows(app, tables.mediaFiles), allRows(app, tables.performers), allRows(app, tables.reactions),
    allRows(app, tables.comments),
  ]);
  return {
    feeds: sortBy(feeds, (r) => r.id),
    feedFiles: sortBy(feedFiles, (r) => `${r.feedId}/${r.fileId}`),
    polls: sortBy(polls, (r) => r.id),
    pollOptions: sortBy(pollOptions, (r) => r.id),
    pollVotes: sortBy(pollVotes, (r) => `${r.pollId}/${r.userId}`),
    mediaFiles: sortBy(mediaFiles, (r) => r.id).map((f) => ({ id: f.id, status: f.status })),
    performers: sortBy(performers, (r) => r.userId).map((p) => ({ id: p.userId, posts: p.totalPosts, likes: p.totalLikes })),
    reactions: sortBy(reactions, (r) => r.id),
    comments: sortBy(comments, (r) => r.id),
  };
}

/** Every URL in an answer, for "no main-file URL reaches a locked viewer". */
export function urlsIn(value: unknown): string[] {
  if (typeof value === 'string') return /^https?:\/\//.test(value) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(urlsIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(urlsIn);
  return [];
}
