import { NOT_AVAILABLE_MESSAGE } from '../../../common/contract/social';
import type { AccessLevel, ContentType, UnlockReason } from '../../../common/contract/content';
import { richTextToPlain } from '../../../common/lib/rich-text';
import type { Executor } from '../../db/client';
import { forbidden, notFound, unprocessable, type FieldProblem } from '../../lib/http-error';
import { blockingRepository } from '../blocking/blocking.repository';
import type { Viewer } from '../blocking/viewer';
import { entitlementsRepository } from '../entitlements/entitlements.repository';
import type { SettingsService } from '../settings/settings.service';
import { contentAccessRepository } from './content-access.repository';
import type { ContentMeta } from './content-tables.repository';
import { requireUuid } from '../../shared/ids';
import { readAll } from '../../db/reads';

/** What a viewer may do with one item, and why. */
export interface AccessInfo {
  isLocked: boolean;
  unlockedBy: UnlockReason | null;
  isSubscribed: boolean;
  isBought: boolean;
}

type AccessSubject = Pick<ContentMeta, 'id' | 'performerId' | 'access'>;

const NOT_FOUND: Record<ContentType, string> = {
  feed: 'Post not found',
  video: 'Video not found',
  gallery: 'Gallery not found',
  product: 'Product not found',
};

/**
 * Who may open which items (DESIGN.md section 4), for a whole page at once: one query for the
 * viewer's subscriptions among the page's creators and one for their purchases among its items.
 * The owner and admins open everything; free items open for all who can see them; subscribers-only
 * items for an active subscriber; items for sale for their buyers only (a subscription does not
 * open them).
 */
export async function resolveAccess(
  db: Executor,
  viewer: Viewer,
  type: ContentType,
  items: readonly AccessSubject[],
): Promise<Map<string, AccessInfo>> {
  const result = new Map<string, AccessInfo>();
  const { userId } = viewer;
  const [subscribed, bought] = userId
    ? await readAll(db,
        () => entitlementsRepository.subscribedTo(db, userId, items.map((i) => i.performerId)),
        () => entitlementsRepository.bought(db, userId, type, items.filter((i) => i.access === 'sale').map((i) => i.id)),
      )
    : [new Set<string>(), new Set<string>()];
  for (const item of items) result.set(item.id, accessOf(viewer, item, subscribed.has(item.performerId), bought.has(item.id)));
  return result;
}

/** One item's access from what the viewer holds: a subscription to its creator, a purchase of it (items for sale only). */
export function accessOf(viewer: Viewer, item: AccessSubject, isSubscribed: boolean, isBought: boolean): AccessInfo {
  const unlockedBy = unlockReason(viewer, item, isSubscribed, isBought);
  return { isLocked: unlockedBy === null, unlockedBy, isSubscribed, isBought };
}

function unlockReason(viewer: Viewer, item: AccessSubject, isSubscribed: boolean, isBought: boolean): UnlockReason | null {
  if (viewer.userId && viewer.userId === item.performerId) return 'owner';
  if (viewer.role === 'admin') return 'admin';
  if (item.access === 'free') return 'free';
  if (item.access === 'subscribers' && isSubscribed) return 'subscriber';
  if (item.access === 'sale' && isBought) return 'buyer';
  return null;
}

/**
 * One item the viewer may see (not necessarily open): 400 for a bad id; 404 when it does not
 * exist, is a draft or scheduled, was hidden by an operator (for anyone but its owner and
 * admins), or its creator is inactive; 403 "not available" when the creator blocked the viewer's
 * account or country.
 */
export async function requireVisibleItem(
  db: Executor,
  type: ContentType,
  id: string,
  viewer: Viewer,
): Promise<{ meta: ContentMeta; access: AccessInfo }> {
  const meta = await contentAccessRepository.findMeta(db, type, requireUuid(id), { includeHidden: true });
  if (!meta) throw notFound(NOT_FOUND[type]);
  const privileged = viewer.role === 'admin' || viewer.userId === meta.performerId;
  if (!privileged) {
    if (meta.hidden || !meta.creatorActive || meta.status !== 'active' || meta.publishAt.getTime() > Date.now()) throw notFound(NOT_FOUND[type]);
    if (await blockingRepository.isBlocked(db, meta.performerId, viewer)) throw forbidden(NOT_AVAILABLE_MESSAGE);
  }
  const access = (await resolveAccess(db, viewer, type, [meta])).get(meta.id)!;
  return { meta, access };
}

/**
 * An item the viewer owns (creator endpoints): 404 for anything else, so ids of others' items
 * reveal nothing. A hidden item is still the creator's to edit or delete.
 */
export async function requireOwnItem(db: Executor, type: ContentType, id: string, performerId: string): Promise<ContentMeta> {
  const meta = await contentAccessRepository.findMeta(db, type, requireUuid(id), { includeHidden: true });
  if (!meta || meta.performerId !== performerId) throw notFound(NOT_FOUND[type]);
  return meta;
}

/** Like requireVisibleItem, and the viewer must also be able to open it (comments, likes, files). */
export async function requireUnlockedItem(db: Executor, type: ContentType, id: string, viewer: Viewer, lockedMessage: string) {
  const found = await requireVisibleItem(db, type, id, viewer);
  if (found.access.isLocked) throw forbidden(lockedMessage);
  return found;
}

/** How a notification or a list names an item: its title or name, a post's text made plain. */
export const contentTitle = (type: ContentType, label: string): string => (type === 'feed' ? richTextToPlain(label) : label);

/** The access fields of an item's answer (contract ContentAccessFields). */
export function accessFields(meta: Pick<ContentMeta, 'access' | 'priceCents'>, info: AccessInfo) {
  return {
    access: meta.access,
    price: meta.access === 'sale' ? meta.priceCents / 100 : 0,
    isLocked: info.isLocked,
    unlockedBy: info.unlockedBy,
    isSubscribed: info.isSubscribed,
    isBought: info.isBought,
  };
}

/**
 * The moderation fields of an item's answer (contract ContentModerationFields). Only its creator
 * and operators ever receive a hidden item, so only they read the reason.
 */
export function moderationFields(row: { hiddenAt: Date | null; hiddenReason: string | null }) {
  return { isHidden: row.hiddenAt !== null, hiddenReason: row.hiddenAt !== null ? row.hiddenReason : null };
}

/** The publication fields of an item's answer (contract ContentPublishFields). */
export function publishFields(meta: Pick<ContentMeta, 'status' | 'publishAt'>, now = Date.now()) {
  return {
    status: meta.status,
    publishAt: meta.publishAt.toISOString(),
    isScheduled: meta.status === 'active' && meta.publishAt.getTime() > now,
  };
}

/** The site's content price bounds in tokens, read once per request. */
export interface PriceBounds {
  min: number;
  max: number;
}

/**
 * Read before the request's transaction opens: a settings read inside it may query the database
 * outside the transaction (a cold cache), which on PGlite's single connection would wait forever.
 */
export async function contentPriceBounds(settings: Pick<SettingsService, 'get'>): Promise<PriceBounds> {
  const [min, max] = await Promise.all([settings.get('minimumContentPrice'), settings.get('maximumContentPrice')]);
  return { min, max };
}

/**
 * The stored price (integer cents) of a create or edit request: a price is needed only for sale,
 * and must lie within the site's content price bounds in steps of 0.01 (422 naming them).
 */
export function priceOf(bounds: PriceBounds, access: AccessLevel, price: number | undefined, field = 'price'): number {
  if (access !== 'sale') return 0;
  const { min, max } = bounds;
  const cents = price === undefined ? NaN : Math.round(price * 100);
  if (!(cents >= Math.round(min * 100) && cents <= Math.round(max * 100)) || Math.abs(price! * 100 - cents) > 1e-6) {
    const message = `Price must be between ${min.toFixed(2)} and ${max.toFixed(2)} tokens, in steps of 0.01`;
    const details: FieldProblem[] = [{ field, message }];
    throw unprocessable(message, details);
  }
  return cents;
}

/** A requested publish time: omitted, null or past means now. */
export function publishAtOf(value: string | null | undefined): Date {
  if (!value) return new Date();
  const at = new Date(value);
  return Number.isNaN(at.getTime()) || at.getTime() < Date.now() ? new Date() : at;
}
