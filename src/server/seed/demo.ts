import crypto from 'node:crypto';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { clientHashPassword } from '../../common/lib/password-hash';
import { encodeAvatar } from '../media/images';
import { hashPassword } from '../modules/auth/password';
import { performersRepository } from '../modules/performers/performers.repository';
import { usersRepository } from '../modules/users/users.repository';
import { PUBLIC_PREFIX } from '../storage/storage';

export interface DemoAccount {
  role: 'admin' | 'performer' | 'user';
  name: string;
  username: string;
  email: string;
  /** What a person types into the sign-in form. */
  password: string;
}

interface DemoPerformer extends DemoAccount {
  bio: string;
  gender: 'male' | 'female' | 'transgender';
  country: string;
  colour: string;
}

const ADMIN: DemoAccount = { role: 'admin', name: 'Site Admin', username: 'admin', email: 'admin@example.com', password: 'admin-demo-pass' };

const PERFORMERS: DemoPerformer[] = [
  {
    role: 'performer', name: 'Aurora Lane', username: 'aurora', email: 'aurora@example.com', password: 'performer-demo-pass',
    bio: 'Landscape photographer chasing northern lights. New photo sets every week.', gender: 'female', country: 'NO', colour: '#42b1e8',
  },
  {
    role: 'performer', name: 'Blake Rivers', username: 'blake', email: 'blake@example.com', password: 'performer-demo-pass',
    bio: 'Home cook sharing weeknight recipes and behind-the-scenes kitchen videos.', gender: 'male', country: 'US', colour: '#e8833a',
  },
  {
    role: 'performer', name: 'Cleo Marsh', username: 'cleo', email: 'cleo@example.com', password: 'performer-demo-pass',
    bio: 'Fitness coach: short daily workouts, live Q&A on Fridays.', gender: 'transgender', country: 'GB', colour: '#8e5bd6',
  },
];

const FANS: DemoAccount[] = [
  { role: 'user', name: 'Dana Fields', username: 'dana', email: 'dana@example.com', password: 'fan-demo-pass' },
  { role: 'user', name: 'Eli Stone', username: 'eli', email: 'eli@example.com', password: 'fan-demo-pass' },
  { role: 'user', name: 'Finn Hale', username: 'finn', email: 'finn@example.com', password: 'fan-demo-pass' },
];

/** A coloured square with the performer's initial, drawn from SVG so no image files ship with the code. */
async function initialAvatar(initial: string, colour: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512">
  <rect width="512" height="512" fill="${colour}"/>
  <text x="256" y="256" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="260" font-weight="bold" fill="#ffffff">${initial}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * Demo data for a fresh install: an admin, three performers with avatars and bios, three fans,
 * all verified, with the passwords returned. Does nothing on a database that has any user, so it
 * is safe to run on every start.
 */
export async function seedDemo(app: FastifyInstance): Promise<DemoAccount[]> {
  if ((await usersRepository.count(app.db)) > 0) return [];
  const accounts = [ADMIN, ...PERFORMERS, ...FANS];

  // What the server stores is argon2 of what the web client sends (SHA-256 hex with CLIENT_HASH_PASSWORD).
  const sent = async (password: string) => (app.config.clientHashPassword ? clientHashPassword(password) : password);
  const hashes = new Map<string, string>();
  for (const password of new Set(accounts.map((a) => a.password))) hashes.set(password, await hashPassword(await sent(password)));

  const avatars = new Map<string, string>();
  for (const p of PERFORMERS) {
    const image = await encodeAvatar(await initialAvatar(p.name[0], p.colour));
    const key = `${PUBLIC_PREFIX}avatars/${crypto.randomUUID()}.${image.ext}`;
    await app.storage.put(key, image.buffer, image.contentType);
    avatars.set(p.username, key);
  }

  try {
    await app.db.transaction(async (tx) => {
      // Checked again inside the transaction: two processes starting at once must not both seed.
      if ((await usersRepository.count(tx)) > 0) throw new AlreadySeeded();
      for (const a of accounts) {
        const user = await usersRepository.insert(tx, {
          role: a.role,
          name: a.name,
          username: a.username,
          email: a.email,
          passwordHash: hashes.get(a.password)!,
          emailVerified: true,
          avatarPath: avatars.get(a.username) ?? null,
        });
        const performer = PERFORMERS.find((p) => p.username === a.username);
        if (performer) {
          await performersRepository.insert(tx, {
            userId: user.id,
            bio: performer.bio,
            gender: performer.gender,
            country: performer.country,
            verifiedDocument: true,
          });
        }
      }
    });
  } catch (err) {
    await Promise.all([...avatars.values()].map((key) => app.storage.delete(key).catch(() => undefined)));
    if (err instanceof AlreadySeeded || (err as { cause?: { code?: string } }).cause?.code === '23505') return [];
    throw err;
  }
  app.log.info({ accounts: accounts.map((a) => `${a.role}:${a.username}`) }, 'demo accounts created');
  return accounts.map(({ role, name, username, email, password }) => ({ role, name, username, email, password }));
}

class AlreadySeeded extends Error {}
