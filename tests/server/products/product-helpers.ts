import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { allRows, createPerformerWithToken, createUserWithToken, tables } from '../../support/db';
import { pdf, rawMultipart, storedMediaKeys } from '../../support/media-fixtures';
import type { TestServer } from '../../support/server';
import { entitlementsRepository } from '../../../src/server/modules/entitlements/entitlements.repository';

export const GB_IP = '81.2.69.142';
export const US_IP = '8.8.8.8';
export const ZERO_UUID = '00000000-0000-4000-8000-000000000000';
export const CREATE_URL = '/performer/performer-assets/products';

/** A request as someone: token (or none) and an address, as the web's server side forwards it. */
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

export type Part = { name: string; value: string } | { name: string; filename: string; content: Buffer | string; contentType?: string };

export const imagePart = async (seed = 0): Promise<Part> => ({ name: 'image', filename: `picture-${seed}.png`, content: await png(seed), contentType: 'image/png' });
export const pdfPart = (filename = 'My Guide.pdf'): Part => ({ name: 'digitalFile', filename, content: pdf(), contentType: 'application/pdf' });
export const fieldParts = (fields: Record<string, string | number>): Part[] =>
  Object.entries(fields).map(([name, value]) => ({ name, value: String(value) }));

/** A multipart request (several files of one field are allowed, in order). */
export function send(app: FastifyInstance, as: As | null, method: 'POST' | 'PUT', url: string, parts: Part[]) {
  const body = rawMultipart(parts);
  const headers: Record<string, string> = { ...body.headers, 'x-forwarded-for': as?.ip ?? US_IP };
  if (as?.token) headers.authorization = as.token;
  return app.inject({ method, url, payload: body.payload, headers });
}

export interface CreatedProduct {
  _id: string;
  images: { _id: string; url: string | null }[];
  digitalFile: { _id: string } | null;
  [key: string]: unknown;
}

/** Creates a product through the API: a physical one by default (stock 5), with one picture. */
export async function createProduct(app: FastifyInstance, token: string, fields: Record<string, string | number> = {}, extra: Part[] = []) {
  const digital = fields.type === 'digital';
  const base = { name: 'Signed poster', description: 'A4, signed', type: 'physical', price: 12.5, ...(digital ? {} : { stock: 5 }), ...fields };
  const parts = [...fieldParts(base), await imagePart(1), ...(digital && !extra.some((p) => p.name === 'digitalFile') ? [pdfPart()] : []), ...extra];
  const res = await send(app, { token }, 'POST', CREATE_URL, parts);
  if (res.statusCode !== 200) throw new Error(`create product failed: ${res.statusCode} ${res.body}`);
  return res.json().data as CreatedProduct;
}

/** Everything a product request may write, for "nothing changed" checks (rows and stored files). */
export async function snapshot(server: TestServer) {
  const { app } = server;
  const sorted = <T>(rows: T[], key: (r: T) => string) => [...rows].sort((a, b) => key(a).localeCompare(key(b)));
  return {
    products: sorted(await allRows(app, tables.products), (r) => r.id),
    images: sorted(await allRows(app, tables.productImages), (r) => `${r.productId}/${r.fileId}`),
    media: sorted(await allRows(app, tables.mediaFiles), (r) => r.id),
    performers: sorted(await allRows(app, tables.performers), (r) => r.userId).map((p) => ({ id: p.userId, likes: p.totalLikes })),
    reactions: sorted(await allRows(app, tables.reactions), (r) => r.id),
    comments: sorted(await allRows(app, tables.comments), (r) => r.id),
    keys: await storedMediaKeys(server.dataDir),
  };
}

export async function productRow(app: FastifyInstance, id: string) {
  return (await allRows(app, tables.products)).find((p) => p.id === id);
}

/** The main-file part of a media key: every signed URL of an original file contains it. */
export const MAIN_KEY = /\/main\.[a-z0-9]+/i;

export type Who = 'owner' | 'admin' | 'buyer' | 'subscriber' | 'follower' | 'stranger' | 'signedOut' | 'blocked' | 'blockedCountry' | 'otherCreator';

/**
 * One creator's store and the people the rules tell apart. Everyone calls from a US address except
 * `blockedCountry`, who calls from GB, which the creator blocked. `buy(productId)` records a purchase
 * for the buyer (the money issue's job; an entitlement row until then).
 */
export async function buildWorld(app: FastifyInstance) {
  const owner = await createPerformerWithToken(app);
  const otherCreator = await createPerformerWithToken(app);
  const admin = await createUserWithToken(app, { role: 'admin' });
  const fans = [];
  for (let i = 0; i < 6; i += 1) fans.push(await createUserWithToken(app));
  const [buyer, subscriber, follower, stranger, blocked, countryFan] = fans;
  const creatorId = owner.user.id;
  const inAMonth = new Date(Date.now() + 30 * 86_400_000);
  await entitlementsRepository.grantSubscription(app.db, { userId: subscriber.user.id, performerId: creatorId, type: 'monthly', expiresAt: inAMonth });
  await app.db.insert(tables.follows).values({ followerId: follower.user.id, performerId: creatorId });
  await app.db.insert(tables.blockedUsers).values({ performerId: creatorId, userId: blocked.user.id });
  await app.db.insert(tables.blockedCountries).values({ performerId: creatorId, country: 'GB' });
  const us = (a: { token: string }): As => ({ token: a.token, ip: US_IP });
  const as: Record<Who, As> = {
    owner: us(owner), admin: us(admin), buyer: us(buyer), subscriber: us(subscriber), follower: us(follower), stranger: us(stranger),
    signedOut: { ip: US_IP }, blocked: us(blocked), blockedCountry: { token: countryFan.token, ip: GB_IP }, otherCreator: us(otherCreator),
  };
  return {
    creatorId,
    otherCreatorId: otherCreator.user.id,
    as,
    async buy(productId: string, userId = buyer.user.id) {
      await entitlementsRepository.grantEntitlement(app.db, { userId, objectType: 'product', objectId: productId });
    },
  };
}
