import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { TestServer } from '../../support/server';
import { allRows, tables } from '../../support/db';
import { multipart, type FilePart } from '../../support/multipart';
import { storedMediaKeys, tinyVideo } from '../../support/media-fixtures';
import type { Video } from '../../../src/common/contract/videos';

export const GB_IP = '81.2.69.142';
export const US_IP = '8.8.8.8';
export const UPLOAD_URL = '/performer/performer-assets/videos/upload';

let cachedVideo: Promise<Buffer> | null = null;
/** One second of real MP4 (made once per test file with the bundled ffmpeg). */
export const sampleVideo = () => (cachedVideo ??= tinyVideo('mp4'));

export const auth = (token?: string, ip?: string): Record<string, string> => ({
  ...(token ? { authorization: token } : {}),
  ...(ip ? { 'x-forwarded-for': ip } : {}),
});

/** POSTs a video form; `files` default to a real video. */
export async function uploadVideo(
  app: FastifyInstance,
  token: string,
  fields: Record<string, string>,
  files?: Record<string, FilePart>,
) {
  const body = await multipart(fields, files ?? { video: { content: await sampleVideo(), filename: 'clip.mp4', contentType: 'video/mp4' } });
  return app.inject({ method: 'POST', url: UPLOAD_URL, headers: { ...auth(token), ...body.headers }, payload: body.payload });
}

/** Uploads a video that must be accepted, then waits until its files are processed. */
export async function createReadyVideo(app: FastifyInstance, token: string, fields: Record<string, string> = {}, files?: Record<string, FilePart>): Promise<Video> {
  const res = await uploadVideo(app, token, { title: 'A video', access: 'free', ...fields }, files);
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  await app.media.whenIdle();
  return res.json().data as Video;
}

/** What a refused request must leave unchanged: rows of the tables it writes, and stored files. */
export async function snapshot(server: TestServer) {
  const { app } = server;
  const [videos, media, performers, reactions, comments] = await Promise.all([
    allRows(app, tables.videos),
    allRows(app, tables.mediaFiles),
    allRows(app, tables.performers),
    allRows(app, tables.reactions),
    allRows(app, tables.comments),
  ]);
  const sort = <T extends { id?: string; userId?: string }>(rows: T[]) => [...rows].sort((a, b) => String(a.id ?? a.userId).localeCompare(String(b.id ?? b.userId)));
  return {
    videos: sort(videos), media: sort(media), performers: sort(performers), reactions: sort(reactions), comments: sort(comments),
    files: await storedMediaKeys(server.dataDir),
  };
}

export async function videoRow(app: FastifyInstance, id: string) {
  const [row] = await app.db.select().from(tables.videos).where(eq(tables.videos.id, id));
  return row ?? null;
}

export async function performerRow(app: FastifyInstance, userId: string) {
  const [row] = await app.db.select().from(tables.performers).where(eq(tables.performers.userId, userId));
  return row;
}

/** Fetches a signed file URL through the app (it is absolute, on the configured API endpoint). */
export const fetchSigned = (server: TestServer, url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url: url.slice(server.config.apiEndpoint.length), headers });
