import crypto from 'node:crypto';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { allRows, tables } from '../../support/db';
import { multipart } from '../../support/multipart';

export const jpeg = (colour = '#3a6', width = 320, height = 200) =>
  sharp({ create: { width, height, channels: 3, background: colour } }).jpeg().toBuffer();

export interface RegisteredCreator {
  id: string;
  token: string;
  username: string;
  email: string;
  name: string;
}

/** A creator signed up through the real registration route with both documents: pending review. */
export async function registerCreator(app: FastifyInstance, name = 'Nova Reed'): Promise<RegisteredCreator> {
  const suffix = crypto.randomBytes(4).toString('hex');
  const fields = {
    name, username: `creator_${suffix}`, email: `creator-${suffix}@example.com`, password: 'creator-password',
    gender: 'female', dateOfBirth: '1994-03-02', country: 'pt', ageConfirmed: 'true', termsAccepted: 'true',
  };
  const body = await multipart(fields, {
    idDocument: { content: await jpeg('#c33'), filename: 'id.jpg', contentType: 'image/jpeg' },
    selfie: { content: await jpeg('#33c'), filename: 'me.jpg', contentType: 'image/jpeg' },
  });
  const res = await app.inject({ method: 'POST', url: '/auth/performers/register', ...body });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const token = res.json().data.token as string;
  const me = await app.inject({ method: 'GET', url: '/users/me', headers: { authorization: token } });
  return { id: me.json().data._id, token, username: fields.username, email: fields.email, name };
}

/** Everything a verification decision may write, for "a refused request wrote nothing". */
export async function decisionSnapshot(app: FastifyInstance) {
  const [performers, audit] = await Promise.all([allRows(app, tables.performers), allRows(app, tables.auditLog)]);
  return {
    performers: performers
      .map((p) => `${p.userId}:${p.verificationStatus}:${p.verificationNote}:${p.verificationReviewedAt?.toISOString()}:${p.verificationReviewedBy}`)
      .sort(),
    audit: audit.length,
  };
}

/** The path and query of an absolute API URL, as `app.inject` takes it. */
export const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};
