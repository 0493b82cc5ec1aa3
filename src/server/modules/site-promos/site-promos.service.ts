import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { SitePromo } from '../../../common/contract/site-promos';
import { badRequest, notFound } from '../../lib/http-error';
import { encodePhoto } from '../../media/images';
import { PUBLIC_PREFIX, type Storage } from '../../storage/storage';
import { assertOnlyPromoFields, windowProblem, type SitePromoInput } from './site-promo-fields';
import { PROMO_SORTS, sitePromosRepository, type PromoSort, type SitePromoPatch, type SitePromoRow } from './site-promos.repository';
import { isUuid } from '../../shared/ids';

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

function assertWindow(startsAt: Date | null | undefined, endsAt: Date | null | undefined) {
  const problem = windowProblem(startsAt ?? null, endsAt ?? null);
  if (problem) throw badRequest(problem.message, [problem]);
}

/** Operator-managed banners: the public list of live ones, and the admin's full control. */
export function createSitePromosService(deps: Pick<FastifyInstance, 'db' | 'storage' | 'log'>) {
  const { db, storage } = deps;
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

    /** The banner is re-encoded (a JPEG of at most 2048px, metadata dropped) and stored before the row; removed again if the insert fails. */
    async create(input: SitePromoInput, image: Buffer): Promise<SitePromo> {
      const patch = patchOf(input);
      assertWindow(patch.startsAt, patch.endsAt);
      const encoded = await encodePhoto(image, 'image');
      const key = `${PUBLIC_PREFIX}promos/${crypto.randomUUID()}.${encoded.ext}`;
      await storage.put(key, encoded.buffer, encoded.contentType);
      try {
        const row = await sitePromosRepository.insert(db, { ...patch, title: patch.title!, imagePath: key });
        return toSitePromo(storage, row);
      } catch (err) {
        await storage.delete(key).catch(() => undefined);
        throw err;
      }
    },

    async update(id: string, input: Partial<SitePromoInput>): Promise<SitePromo> {
      assertOnlyPromoFields(input);
      if (!isUuid(id)) throw notFound(NOT_FOUND);
      const patch = patchOf(input);
      const row = await db.transaction(async (tx) => {
        const before = await sitePromosRepository.findById(tx, id);
        if (!before) throw notFound(NOT_FOUND);
        assertWindow(patch.startsAt === undefined ? before.startsAt : patch.startsAt, patch.endsAt === undefined ? before.endsAt : patch.endsAt);
        return Object.keys(patch).length ? sitePromosRepository.update(tx, id, patch) : before;
      });
      return toSitePromo(storage, row!);
    },

    /** The row goes first; its image is then deleted (a left-over file is harmless, a row without its file is not). */
    async remove(id: string): Promise<void> {
      if (!isUuid(id)) throw notFound(NOT_FOUND);
      const row = await sitePromosRepository.remove(db, id);
      if (!row) throw notFound(NOT_FOUND);
      await storage.delete(row.imagePath).catch((err) => deps.log.warn({ err, key: row.imagePath }, 'could not delete promo image'));
    },
  };
}
