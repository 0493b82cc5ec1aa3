import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { clientHashPassword } from '../../common/lib/password-hash';
import { encodeAvatar } from '../media/images';
import { hashPassword } from '../modules/auth/password';
import { performersRepository } from '../modules/performers/performers.repository';
import { sitePromosRepository } from '../modules/site-promos/site-promos.repository';
import { signUpConsent } from '../modules/users/consent';
import { usersRepository } from '../modules/users/users.repository';
import { PUBLIC_PREFIX } from '../storage/storage';
import { ADMIN, FANS, PENDING_PERFORMER, PERFORMER_AGES, PERFORMER_PASSWORD, PERFORMERS, type DemoAccount } from './demo-accounts';
import { identityCardImage, selfieWithCardImage, type DocumentHolder } from './demo-documents';
import { prepareDocuments } from '../modules/auth/auth.service';
import { birthDate, generateCreators, type GeneratedCreator } from './demo-creators';
import { gradientCover, initialsAvatar, promoBanner } from './demo-images';
import { DEMO_PROMOS } from './demo-promos';
import { seedDemoPages } from './demo-pages';
import { NAMED_THEMES, seedDemoContent, seedDemoEntitlements, type ContentCreator } from './demo-content';
import { themeOfNiche } from './demo-content-plan';
import { planSocialGraph } from './demo-social';
import { createRandom } from './prng';
import { seedRepository } from './seed.repository';

export type { DemoAccount } from './demo-accounts';

/** Fixed seeds: every fresh install gets the same creators, follows and pictures. */
const DATA_SEED = 20_240_617;
const IMAGE_SEED = 7_331;
const CONTENT_SEED = 4_242;
const PENDING_SEED = 2_612;
/** Generated creators on top of the three named ones. */
const GENERATED_CREATORS = 30;
const DAY = 86_400_000;

interface StoredImages {
  avatars: Map<string, string>;
  covers: Map<string, string>;
  promos: string[];
  all: string[];
}

/**
 * Every picture is drawn and stored before the transaction, all at once (sharp works on its own
 * thread pool), so seeding stays quick; the keys are deleted again if the transaction fails.
 */
async function storeImages(app: FastifyInstance, generated: GeneratedCreator[]): Promise<StoredImages> {
  const rand = createRandom(IMAGE_SEED);
  const put = async (folder: string, buffer: Buffer, ext: string, contentType: string) => {
    const key = `${PUBLIC_PREFIX}${folder}/${crypto.randomUUID()}.${ext}`;
    await app.storage.put(key, buffer, contentType);
    return key;
  };
  const avatar = async (initials: string, colours: string | [string, string]) => {
    const image = await encodeAvatar(await initialsAvatar(initials, colours));
    return put('avatars', image.buffer, image.ext, image.contentType);
  };
  const cover = async (colours: [string, string]) => put('covers', await gradientCover(colours, rand), 'jpg', 'image/jpeg');
  const people = [
    ...[...PERFORMERS, PENDING_PERFORMER].map((p) => ({ username: p.username, initials: p.name[0], avatar: p.colour as string | [string, string], cover: [p.colour, '#14171c'] as [string, string] })),
    ...generated.map((c) => ({ username: c.username, initials: c.initials, avatar: c.colours as string | [string, string], cover: c.colours })),
  ];
  // The covers' random shapes are drawn synchronously, in this order, before any await: deterministic.
  const [avatarKeys, coverKeys, promoKeys] = await Promise.all([
    Promise.all(people.map((p) => avatar(p.initials, p.avatar))),
    Promise.all(people.map((p) => cover(p.cover))),
    Promise.all(DEMO_PROMOS.map(async (p) => put('promos', await promoBanner(p.title, p.tagline, p.colours, rand), 'jpg', 'image/jpeg'))),
  ]);
  return {
    avatars: new Map(people.map((p, i) => [p.username, avatarKeys[i]])),
    covers: new Map(people.map((p, i) => [p.username, coverKeys[i]])),
    promos: promoKeys,
    all: [...avatarKeys, ...coverKeys, ...promoKeys],
  };
}

/**
 * The waiting creator's identity images, through the same preparation as a registration (checked,
 * re-encoded, private keys), stored before the transaction like the other pictures.
 */
async function storeDocuments(app: FastifyInstance, holder: DocumentHolder) {
  const [card, selfie] = await Promise.all([identityCardImage(holder), selfieWithCardImage(holder)]);
  const documents = await prepareDocuments({
    idDocument: { buffer: card, filename: 'id-card.jpg', mimetype: 'image/jpeg' },
    selfie: { buffer: selfie, filename: 'selfie.jpg', mimetype: 'image/jpeg' },
  });
  for (const d of documents) await app.storage.put(d.key, d.image.buffer, d.image.contentType);
  const keyOf = (field: 'idDocument' | 'selfie') => documents.find((d) => d.field === field)!.key;
  return { idDocumentPath: keyOf('idDocument'), selfiePath: keyOf('selfie'), keys: documents.map((d) => d.key) };
}

async function priceBounds(app: FastifyInstance) {
  const [min, max] = await Promise.all([app.settings.get('minimumSubscriptionPrice'), app.settings.get('maximumSubscriptionPrice')]);
  return { minCents: Math.round(Number(min) * 100), maxCents: Math.round(Number(max) * 100) };
}

/**
 * Demo data for a fresh install: an admin, three named creators, a creator whose identity documents
 * wait for review and three fans (the accounts the README lists, returned with their passwords), 30 generated creators with varied profiles,
 * avatars and covers, follows and bookmarks between them, promo banners and static pages, and
 * (unless `content: false`, for tests about accounts only) every creator's posts, galleries,
 * videos and products with the demo fans' subscriptions and purchases; `content: 'background'`
 * returns once the accounts exist and lets the content (about a minute of drawing) follow. Does nothing on a database
 * that has any user, so it is safe to run on every start. `generatedCreators` (at least 4, default 30)
 * lets the content test draw and transcode for a few generated creators instead of all of them: the
 * same code and the same first creators, a fraction of the work.
 */
export async function seedDemo(
  app: FastifyInstance,
  options: { content?: boolean | 'background'; generatedCreators?: number } = {},
): Promise<DemoAccount[]> {
  if ((await usersRepository.count(app.db)) > 0) return [];
  const rand = createRandom(DATA_SEED);
  const now = new Date();
  const taken = new Set([ADMIN, ...PERFORMERS, ...FANS].map((a) => a.username));
  const generated = generateCreators(Math.max(4, options.generatedCreators ?? GENERATED_CREATORS), rand, now, await priceBounds(app), taken);
  const headline = [ADMIN, ...PERFORMERS, PENDING_PERFORMER, ...FANS];

  // What the server stores is argon2 of what the web client sends (SHA-256 hex with CLIENT_HASH_PASSWORD).
  const sent = async (password: string) => (app.config.clientHashPassword ? clientHashPassword(password) : password);
  const passwords = [...new Set(headline.map((a) => a.password))];
  const hashed = await Promise.all(passwords.map(async (p) => hashPassword(await sent(p))));
  const hashes = new Map(passwords.map((p, i) => [p, hashed[i]]));

  const images = await storeImages(app, generated);
  // A PRNG of its own, so the rest of the demo data stays what it was before she was added.
  const novaBirth = birthDate(PERFORMER_AGES[PENDING_PERFORMER.username], now, createRandom(PENDING_SEED));
  const documents = await storeDocuments(app, {
    name: PENDING_PERFORMER.name, initials: 'NR', dateOfBirth: novaBirth, country: PENDING_PERFORMER.country, colour: PENDING_PERFORMER.colour,
  });
  images.all.push(...documents.keys);
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const contentCreators: ContentCreator[] = [];
  const fanIds: { username: string; id: string }[] = [];

  try {
    await app.db.transaction(async (tx) => {
      // Checked again inside the transaction: two processes starting at once must not both seed.
      if ((await usersRepository.count(tx)) > 0) throw new AlreadySeeded();
      const account = (a: DemoAccount, createdAt: Date) =>
        usersRepository.insert(tx, {
          role: a.role, name: a.name, username: a.username, email: a.email, passwordHash: hashes.get(a.password)!, emailVerified: true,
          avatarPath: images.avatars.get(a.username) ?? null, coverPath: images.covers.get(a.username) ?? null, createdAt,
          // Demo people signed up through the form: they confirmed their age and accepted the terms.
          ...signUpConsent(createdAt),
        });
      await account(ADMIN, ago(450));
      const named: { id: string; createdAt: Date }[] = [];
      for (const [i, p] of PERFORMERS.entries()) {
        const user = await account(p, ago(430 - i * 5));
        await performersRepository.insert(tx, {
          userId: user.id, bio: p.bio, gender: p.gender, country: p.country, verificationStatus: 'approved', ...p.details,
          dateOfBirth: birthDate(PERFORMER_AGES[p.username], now, rand), createdAt: user.createdAt, updatedAt: ago(2 + i),
        });
        named.push({ id: user.id, createdAt: user.createdAt });
        contentCreators.push({ id: user.id, username: p.username, name: p.name, colours: [p.colour, '#14171c'], theme: NAMED_THEMES[p.username], full: true });
      }
      // Signed up two days ago; her documents wait for an operator (the queue is not empty on a fresh install).
      const nova = await account(PENDING_PERFORMER, ago(2));
      await performersRepository.insert(tx, {
        userId: nova.id, bio: PENDING_PERFORMER.bio, gender: PENDING_PERFORMER.gender, country: PENDING_PERFORMER.country, ...PENDING_PERFORMER.details,
        dateOfBirth: novaBirth, idDocumentPath: documents.idDocumentPath, selfiePath: documents.selfiePath,
        verificationStatus: 'pending', verificationSubmittedAt: ago(2), createdAt: nova.createdAt, updatedAt: ago(2),
      });
      const fans = [];
      for (const f of FANS) fans.push(await account(f, ago(365)));
      fans.forEach((f, i) => fanIds.push({ username: FANS[i].username, id: f.id }));
      const creators: { id: string; createdAt: Date; appeal: number }[] = [];
      for (const c of generated) {
        const user = await account({ role: 'performer', name: c.name, username: c.username, email: c.email, password: PERFORMER_PASSWORD }, c.createdAt);
        await performersRepository.insert(tx, { userId: user.id, ...c.profile });
        creators.push({ id: user.id, createdAt: c.createdAt, appeal: c.appeal });
        contentCreators.push({ id: user.id, username: c.username, name: c.name, colours: c.colours, theme: themeOfNiche(c.niche), full: false });
      }

      const graph = planSocialGraph(rand, now, { named, fans, creators });
      await seedRepository.insertFollows(tx, graph.follows);
      await seedRepository.insertBookmarks(tx, graph.bookmarks);
      await seedRepository.recountFollowers(tx);

      for (const [i, p] of DEMO_PROMOS.entries()) {
        await sitePromosRepository.insert(tx, {
          title: p.title, description: p.description, imagePath: images.promos[i], href: p.href, position: p.position, ordering: p.ordering,
        });
      }
      await seedDemoPages(tx);
    });
  } catch (err) {
    await Promise.all(images.all.map((key) => app.storage.delete(key).catch(() => undefined)));
    if (err instanceof AlreadySeeded || (err as { cause?: { code?: string } }).cause?.code === '23505') return [];
    throw err;
  }
  // The accounts stand on their own: content that fails to seed is logged, not fatal.
  const content = async () => {
    try {
      const seeded = await seedDemoContent(app, contentCreators, createRandom(CONTENT_SEED), now);
      await seedDemoEntitlements(app, fanIds, seeded, new Set(contentCreators.filter((c) => !c.full).map((c) => c.id)), now);
      app.log.info({ creators: contentCreators.length }, 'demo content created');
    } catch (err) {
      app.log.error({ err }, 'demo content could not be created');
    }
  };
  if (options.content === 'background') void content();
  else if (options.content !== false) await content();
  app.log.info(
    { accounts: headline.map((a) => `${a.role}:${a.username}`), generatedCreators: generated.length, promos: DEMO_PROMOS.length },
    'demo data created',
  );
  return headline.map(({ role, name, username, email, password }) => ({ role, name, username, email, password }));
}

class AlreadySeeded extends Error {}
