import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { allRows, tables } from '../../support/db';
import { multipart, type FilePart } from '../../support/multipart';
import { storedMediaKeys } from '../../support/media-fixtures';
import type { TestServer } from '../../support/server';

export const GB_IP = '81.2.69.142';
export const US_IP = '8.8.8.8';
export const ZERO_UUID = '00000000-0000-4000-8000-000000000000';

/** A request as someone: token (or none) and optionally an address, as the web's server side forwards it. */
export interface As {
  token?: string;
  ip?: string;
}

export function call(app: FastifyInstance, as: As | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const headers: Record<string, string> = { 'x-forwarded-for': as?.ip ?? US_IP };
  if (as?.token) headers.authorization = as.token;
  return app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

/** A small real PNG; `seed` changes its colour so files differ. */
export const png = (seed = 0) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: (seed * 53) % 256, g: 120, b: 200 } } }).png().toBuffer();

export async function createGallery(app: FastifyInstance, token: string, body: Record<string, unknown> = {}) {
  const res = await call(app, { token }, 'POST', '/performer/performer-assets/galleries', { title: 'My gallery', access: 'free', ...body });
  if (res.statusCode !== 200) throw new Error(`create gallery failed: ${res.statusCode} ${res.body}`);
  return res.json().data as { _id: string; [key: string]: unknown };
}

export async function postPhoto(app: FastifyInstance, token: string | undefined, fields: Record<string, string>, file?: FilePart) {
  const body = await multipart(fields, file ? { file } : {});
  const headers: Record<string, string> = { ...body.headers, 'x-forwarded-for': US_IP };
  if (token) headers.authorization = token;
  return app.inject({ method: 'POST', url: '/performer/performer-assets/photos/upload', payload: body.payload, headers });
}

export async function uploadPhoto(app: FastifyInstance, token: string, galleryId: string, title?: string, seed = 0) {
  const res = await postPhoto(app, token, { galleryId, ...(title === undefined ? {} : { title }) }, {
    content: await png(seed), filename: `photo-${seed}.png`, contentType: 'image/png',
  });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json().data as { _id: string; position: number; file: { _id: string; url: string | null } };
}

/** Everything a gallery or photo request may write, for "nothing changed" checks. */
export async function snapshot(server: TestServer) {
  const { app } = server;
  return {
    galleries: await allRows(app, tables.galleries),
    photos: await allRows(app, tables.photos),
    media: await allRows(app, tables.mediaFiles),
    performers: (await allRows(app, tables.performers)).map((p) => ({ id: p.userId, photos: p.totalPhotos, likes: p.totalLikes })),
    reactions: await allRows(app, tables.reactions),
    comments: await allRows(app, tables.comments),
    keys: await storedMediaKeys(server.dataDir),
  };
}

export async function creatorTotals(app: FastifyInstance, performerId: string) {
  const row = (await allRows(app, tables.performers)).find((p) => p.userId === performerId)!;
  return { photos: row.totalPhotos, likes: row.totalLikes };
}

export async function galleryRow(app: FastifyInstance, id: string) {
  return (await allRows(app, tables.galleries)).find((g) => g.id === id);
}

/** The main-file part of a media key: every signed URL of an original picture contains it. */
export const MAIN_KEY = /\/main\.[a-z0-9]+/i;
