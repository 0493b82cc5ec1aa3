import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { SitePromo } from '../../../common/contract/site-promos';
import { badRequest, notFound } from '../../lib/http-error';
import { encodePhoto } from '../../media/images';
import { PUBLIC_PREFIX, type Storage } from '../../storage/storage';
import { assertOnlyPromoFields, windowProblem, type SitePromoInput } from './site-promo-fields';
import { PROMO_SORTS, sitePromosRepository, type PromoSort, type SitePromoPatch, type SitePromoRow } from './site-promos.repository';
import { isUuid } from '../../shared/ids';
import type { AuditActor } from '../audit/audit.service';
import { auditChanges } from '../audit/audit-changes';

const NOT_FOUND = 'Promo not found';

interface Page {
  offset?: number;
  limit?: number;
}
const page = (q: Page) => ({ offset: q.offset ?? 0, limit: q.limit ?? 10 });

export function toSitePromo(storage: Pick<Storage, 'publicUrl'>, row: SitePromoRow): SitePromo {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    imageUrl: storage.publicUrl(row.imagePath),
    href: row.href,
    position: row.position,
    ordering: row.ordering,
    active: row.active,
    startsAt: row.startsAt ? row.startsAt.toISOString() : null,
    endsAt: row.endsAt ? row.endsAt.toISOString() : null,
  };
}

const toDate = (value: string | null | undefined) => (value ? new Date(value) : value === null ? null : undefined);

/** The columns a validated set of fields changes; absent fields stay as they are. */
function patchOf(input: Partial<SitePromoInput>): SitePromoPatch {
  const patch: SitePromoPatch = {};
  if (input.title !== undefined) patch.title = input.title.trim();
  if (input.description !== undefined) patch.description = input.description.trim();
  if (input.href !== undefined) patch.href = input.href;
  if (input.position !== undefined) patch.position = input.position as SitePromoRow['position'];
  if (input.ordering !== undefined) patch.ordering = input.ordering;
  if (input.active !== undefined) patch.active = input.active;
  if (input.startsAt !== undefined) patch.startsAt = toDate(input.startsAt);
  if (input.endsAt !== undefined) patch.endsAt = toDate(input.endsAt);
  return patch;
}

/** What the audit log keeps of a promo: every field an operator sets, and the stored image. */
const auditView = (row: Pick<SitePromoRow, 'title' | 'description' | 'href' | 'position' | 'ordering' | 'active' | 'startsAt' | 'endsAt' | 'imagePath'>) => ({
  title: row.title,
  description: row.description,
  href: row.href,
  position: row.position,
  ordering: row.ordering,
  active: row.active,
  startsAt: row.startsAt,
  endsAt: row.endsAt,
  imagePath: row.imagePath,
});

function assertWindow(startsAt: Date | null | undefined, endsAt: Date | null | undefined) {
  const problem = windowProblem(startsAt ?? null, endsAt ?? null);
  if (problem) throw badRequest(problem.message, [problem]);
}

/** Operator-managed banners: the public list of live ones, and the admin's full control. */
export function createSitePromosService(deps: Pick<FastifyInstance, 'db' | 'storage' | 'log' | 'audit'>) {
  const { db, storage } = deps;
  /** Re-encoded (a JPEG of at most 2048px, metadata dropped) and stored publicly; answers its storage key. */
  async function storeImage(image: Buffer): Promise<string> {
    const encoded = await encodePhoto(image, 'image');
    const key = `${PUBLIC_PREFIX}promos/${crypto.randomUUID()}.${encoded.ext}`;
    await storage.put(key, encoded.buffer, encoded.contentType);
    return key;
  }
  const list = ({ rows, total }: { rows: SitePromoRow[]; total: number }) => ({ data: rows.map((r) => toSitePromo(storage, r)), total });

  return {
    async search(query: Page & { position?: string }) {
      return list(await sitePromosRepository.listLive(db, new Date(), query.position, page(query)));
    },

    async adminList(query: Page & { sortBy?: string; sort?: 'asc' | 'desc' }) {
      const sortBy = query.sortBy ?? 'updatedAt';
      if (!(PROMO_SORTS as readonly string[]).includes(sortBy)) {
        const message = `sortBy must be one of ${PROMO_SORTS.join(', ')}`;
        throw badRequest(message, [{ field: 'sortBy', message }]);
      }
      return list(await sitePromosRepository.listAll(db, sortBy as PromoSort, query.sort ?? 'desc', page(query)));
    },

    /**
     * The banner is re-encoded (a JPEG of at most 2048px, metadata dropped) and stored before the row;
     * the row and its audit row commit together, and the file is removed again if they do not.
     */
    async create(actor: AuditActor, input: SitePromoInput, image: Buffer): Promise<SitePromo> {
      const patch = patchOf(input);
      assertWindow(patch.startsAt, patch.endsAt);
      const key = await storeImage(image);
      try {
        const row = await db.transaction(async (tx) => {
          const inserted = await sitePromosRepository.insert(tx, { ...patch, title: patch.title!, imagePath: key });
          await deps.audit.record(tx, actor, { action: 'promo.create', targetType: 'promo', targetId: inserted.id, before: null, after: auditView(inserted) });
          return inserted;
        });
        return toSitePromo(storage, row);
      } catch (err) {
        await storage.delete(key).catch(() => undefined);
        throw err;
      }
    },

    /** An edit that changes nothing writes nothing and records nothing. */
    async update(actor: AuditActor, id: string, input: Partial<SitePromoInput>): Promise<SitePromo> {
      assertOnlyPromoFields(input);
      if (!isUuid(id)) throw notFound(NOT_FOUND);
      const patch = patchOf(input);
      const row = await db.transaction(async (tx) => {
        const before = await sitePromosRepository.lock(tx, id.toLowerCase());
        if (!before) throw notFound(NOT_FOUND);
        assertWindow(patch.startsAt === undefined ? before.startsAt : patch.startsAt, patch.endsAt === undefined ? before.endsAt : patch.endsAt);
        const changes = auditChanges(auditView(before), auditView({ ...before, ...patch }));
        if (!changes) return before;
        const after = await sitePromosRepository.update(tx, before.id, patch);
        await deps.audit.record(tx, actor, { action: 'promo.update', targetType: 'promo', targetId: before.id, ...changes });
        return after;
      });
      return toSitePromo(storage, row!);
    },

    /**
     * A new banner for an existing promo: stored first, then the row points at it (audited as an
     * edit of `imagePath`); the old file is deleted once that committed, the new one if it did not.
     */
    async replaceImage(actor: AuditActor, id: string, image: Buffer): Promise<SitePromo> {
      if (!isUuid(id)) throw notFound(NOT_FOUND);
      const key = await storeImage(image);
      try {
        const { row, oldKey } = await db.transaction(async (tx) => {
          const before = await sitePromosRepository.lock(tx, id.toLowerCase());
          if (!before) throw notFound(NOT_FOUND);
          const after = await sitePromosRepository.update(tx, before.id, { imagePath: key });
          await deps.audit.record(tx, actor, {
            action: 'promo.update', targetType: 'promo', targetId: before.id, before: { imagePath: before.imagePath }, after: { imagePath: key },
          });
          return { row: after!, oldKey: before.imagePath };
        });
        await storage.delete(oldKey).catch((err) => deps.log.warn({ err, key: oldKey }, 'could not delete promo image'));
        return toSitePromo(storage, row);
      } catch (err) {
        await storage.delete(key).catch(() => undefined);
        throw err;
      }
    },

    /** The row goes first; its image is then deleted (a left-over file is harmless, a row without its file is not). */
    async remove(actor: AuditActor, id: string): Promise<void> {
      if (!isUuid(id)) throw notFound(NOT_FOUND);
      const row = await db.transaction(async (tx) => {
        const removed = await sitePromosRepository.remove(tx, id.toLowerCase());
        if (!removed) throw notFound(NOT_FOUND);
        await deps.audit.record(tx, actor, { action: 'promo.delete', targetType: 'promo', targetId: removed.id, before: auditView(removed), after: null });
        return removed;
      });
      await storage.delete(row.imagePath).catch((err) => deps.log.warn({ err, key: row.imagePath }, 'could not delete promo image'));
    },
  };
}
