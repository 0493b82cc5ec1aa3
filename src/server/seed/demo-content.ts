import type { FastifyInstance } from 'fastify';
import { entitlementsRepository } from '../modules/entitlements/entitlements.repository';
import type { MediaKind } from '../db/schema/media';
import { demoContentRepository } from './demo-content.repository';
import { NAMED_THEMES, planContent, type ContentPlan, type Theme } from './demo-content-plan';
import { demoAudio, demoClip, demoPdf, productPicture, scenePicture } from './demo-media';
import { createRandom, type Random } from './prng';

const DAY = 86_400_000;

export interface ContentCreator {
  id: string;
  username: string;
  name: string;
  colours: [string, string];
  /** Named creators (the README's three) get the full plan. */
  theme: Theme;
  full: boolean;
}

export { NAMED_THEMES };

/** What the seed made, for the subscriptions and purchases of the demo fans. */
export interface SeededContent {
  creatorId: string;
  saleFeeds: string[];
  saleGalleries: string[];
  saleVideos: string[];
  digitalProducts: string[];
}

/**
 * Posts, galleries, videos and products for every demo creator, with files made locally and
 * handed to the media pipeline like real uploads: pictures are ready at once, clips and audio
 * are transcoded by the job queue in the background (the seed does not wait for them).
 */
export async function seedDemoContent(app: FastifyInstance, creators: ContentCreator[], rand: Random, now: Date): Promise<SeededContent[]> {
  // Rendered once and uploaded for each creator who needs one: every upload is its own file.
  const hues = [0, 70, 140, 210, 280];
  const [clips, audio] = await Promise.all([Promise.all(hues.map((h) => demoClip(h))), demoAudio()]);
  const plans = creators.map((c) => ({ creator: c, plan: planContent(c.theme, rand, c.full) }));
  // Two creators at a time: sharp's encodes run on the thread pool while the other creator's rows
  // are written. Each creator draws from its own random stream, so the result does not depend on timing.
  const seeded: SeededContent[] = new Array(plans.length);
  let next = 0;
  const worker = async () => {
    while (next < plans.length) {
      const i = next++;
      const { creator, plan } = plans[i];
      seeded[i] = await seedCreator(app, creator, plan, { clip: clips[i % clips.length], audio, rand: createRandom(i + 1), now });
    }
  };
  await Promise.all([worker(), worker()]);
  await demoContentRepository.recountStats(app.db);
  return seeded;
}

interface Assets {
  clip: Buffer;
  audio: Buffer;
  rand: Random;
  now: Date;
}

async function seedCreator(app: FastifyInstance, c: ContentCreator, plan: ContentPlan, assets: Assets): Promise<SeededContent> {
  const { rand, now } = assets;
  // Generated creators' dates are spread out, so a timeline mixes their kinds of post.
  const ago = (days: number) => new Date(now.getTime() - (days + (c.full ? 0 : rand.int(0, 9))) * DAY - rand.int(0, 6 * 3600) * 1000);
  const cents = (price?: number) => Math.round((price ?? 0) * 100);
  const ingest = async (kinds: MediaKind[], purpose: string, buffer: Buffer, filename: string) =>
    (await app.media.ingestBuffer({ ownerId: c.id, kinds, purpose, buffer, filename })).id;
  const picture = async (purpose: string, caption: string) =>
    ingest(['image'], purpose, await scenePicture(caption, c.colours, rand), `${c.username}-${purpose}.jpg`);
  const out: SeededContent = { creatorId: c.id, saleFeeds: [], saleGalleries: [], saleVideos: [], digitalProducts: [] };

  for (const post of plan.posts) {
    const files: string[] = [];
    if (post.media === 'photo') files.push(await picture('feed-photo', c.name));
    const count = c.full ? 3 : 2;
    if (post.media === 'photos') for (let n = 1; n <= count; n += 1) files.push(await picture('feed-photo', `${c.name} · ${n}/${count}`));
    if (post.media === 'video') files.push(await ingest(['video'], 'feed-video', assets.clip, 'clip.mp4'));
    if (post.media === 'audio') files.push(await ingest(['audio'], 'feed-audio', assets.audio, 'voice-note.m4a'));
    const createdAt = ago(post.daysAgo);
    const publishAt = post.inDays ? new Date(now.getTime() + post.inDays * DAY) : createdAt;
    const pollId = post.poll ? await demoContentRepository.insertPoll(app.db, c.id, post.poll.question, post.poll.options, createdAt) : null;
    const id = await demoContentRepository.insertFeed(app.db, {
      performerId: c.id, text: post.text, access: post.access, priceCents: cents(post.price), pollId, publishAt, createdAt, updatedAt: createdAt,
      isPinned: Boolean(post.pinned), pinnedAt: post.pinned ? createdAt : null,
    }, files);
    if (post.access === 'sale') out.saleFeeds.push(id);
  }

  for (const g of plan.galleries) {
    const photoIds: string[] = [];
    for (let n = 1; n <= g.photos; n += 1) photoIds.push(await picture('gallery-photo', `${g.title} · ${n}`));
    const createdAt = ago(g.daysAgo);
    const id = await demoContentRepository.insertGallery(app.db, {
      performerId: c.id, title: g.title, description: g.description, access: g.access, priceCents: cents(g.price), publishAt: createdAt, createdAt, updatedAt: createdAt,
    }, photoIds);
    if (g.access === 'sale') out.saleGalleries.push(id);
  }

  for (const v of plan.videos) {
    const fileId = await ingest(['video'], 'video', assets.clip, `${c.username}-video.mp4`);
    const thumbnailFileId = await picture('video-thumbnail', v.title);
    const teaserFileId = v.access === 'free' ? null : await ingest(['video'], 'video-teaser', assets.clip, 'teaser.mp4');
    const createdAt = ago(v.daysAgo);
    const id = await demoContentRepository.insertVideo(app.db, {
      performerId: c.id, title: v.title, description: v.description, tags: v.tags, access: v.access, priceCents: cents(v.price),
      fileId, thumbnailFileId, teaserFileId, publishAt: createdAt, createdAt, updatedAt: createdAt,
    });
    if (v.access === 'sale') out.saleVideos.push(id);
  }

  for (const p of plan.products) {
    const image = await ingest(['image'], 'product-image', await productPicture(p.name, c.colours), 'product.jpg');
    const digitalFileId = p.type === 'digital'
      ? await ingest(['document'], 'product-file', demoPdf(p.name, `By ${c.name}. Thank you for your purchase!`), `${c.username}-guide.pdf`)
      : null;
    const id = await demoContentRepository.insertProduct(app.db, {
      performerId: c.id, name: p.name, description: p.description, type: p.type, priceCents: cents(p.price),
      stock: p.type === 'physical' ? p.stock ?? 10 : null, digitalFileId,
    }, [image]);
    if (p.type === 'digital') out.digitalProducts.push(id);
  }
  return out;
}

/**
 * The demo fans' access, so signing in as one shows unlocked content: dana subscribes to two
 * generated creators and bought one item of each kind from one of them; eli subscribes to one.
 * The named creators stay unsubscribed (the browser tests start from locked content there).
 */
export async function seedDemoEntitlements(app: FastifyInstance, fans: { username: string; id: string }[], seeded: SeededContent[], generatedIds: Set<string>, now: Date) {
  const generated = seeded.filter((s) => generatedIds.has(s.creatorId));
  const fan = (username: string) => fans.find((f) => f.username === username);
  const dana = fan('dana');
  const eli = fan('eli');
  const inAMonth = new Date(now.getTime() + 30 * DAY);
  if (dana && generated.length >= 3) {
    for (const s of generated.slice(0, 2)) {
      await entitlementsRepository.grantSubscription(app.db, { userId: dana.id, performerId: s.creatorId, type: 'monthly', expiresAt: inAMonth });
    }
    const shop = generated[2];
    const buy = [
      ...shop.saleFeeds.slice(0, 1).map((objectId) => ({ objectType: 'feed' as const, objectId })),
      ...shop.saleGalleries.slice(0, 1).map((objectId) => ({ objectType: 'gallery' as const, objectId })),
      ...shop.digitalProducts.slice(0, 1).map((objectId) => ({ objectType: 'product' as const, objectId })),
    ];
    for (const b of buy) await entitlementsRepository.grantEntitlement(app.db, { userId: dana.id, ...b });
  }
  if (eli && generated.length >= 4) {
    await entitlementsRepository.grantSubscription(app.db, { userId: eli.id, performerId: generated[3].creatorId, type: 'yearly', expiresAt: new Date(now.getTime() + 365 * DAY) });
  }
}
