import type { FastifyInstance } from 'fastify';
import type { AdminContentItem, AdminContentQuery, AdminContentType } from '../../../common/contract/admin-content';
import { badRequest, notFound } from '../../lib/http-error';
import type { AuditActor } from '../audit/audit.service';
import { presentAdminContent } from './admin-content.dto';
import { ADMIN_CONTENT_SORT_COLUMNS, adminContentRepository, type AdminContentSort } from './admin-content.repository';
import { createContentModeration, hideReason } from './content-moderation.service';

type Deps = Pick<FastifyInstance, 'db' | 'audit' | 'mailer' | 'settings' | 'config' | 'log' | 'storage'>;

/** A reference to something operators moderate. */
export interface ContentRef {
  type: AdminContentType;
  id: string;
}

/**
 * The operators' content console: search every creator's posts, videos, galleries, products and
 * comments; hide one with a reason its author is emailed, or show it again.
 */
export function createAdminContentService(app: Deps) {
  const { db } = app;
  const urls = { storage: app.storage, webOrigin: app.config.webOrigin };
  const moderation = createContentModeration(app);

  async function one(type: AdminContentType, id: string): Promise<AdminContentItem> {
    const [row] = await adminContentRepository.byIds(db, type, [id]);
    if (!row) throw notFound();
    return (await presentAdminContent(db, urls, [row]))[0];
  }

  return {
    moderation,

    async search(query: AdminContentQuery): Promise<{ data: AdminContentItem[]; total: number }> {
      const sortBy = query.sortBy ?? 'updatedAt';
      if (!(ADMIN_CONTENT_SORT_COLUMNS as readonly string[]).includes(sortBy)) {
        const message = `sortBy must be one of ${ADMIN_CONTENT_SORT_COLUMNS.join(', ')}`;
        throw badRequest(message, [{ field: 'sortBy', message }]);
      }
      const { rows, total } = await adminContentRepository.search(
        db,
        query.type,
        { q: query.q, performerId: query.performerId?.toLowerCase(), hidden: query.hidden },
        { by: sortBy as AdminContentSort, dir: query.sort ?? 'desc' },
        { offset: query.offset ?? 0, limit: query.limit ?? 10 },
      );
      return { data: await presentAdminContent(db, urls, rows), total };
    },

    /** One transaction: the hidden state, the creator's counters, the audit row; then the email. */
    async hide(actor: AuditActor, type: AdminContentType, id: string, rawReason: string): Promise<AdminContentItem> {
      const reason = hideReason(rawReason);
      const change = await db.transaction((tx) => moderation.hide(tx, actor, type, id, reason));
      await moderation.notify(change);
      return one(type, change.id);
    },

    async unhide(actor: AuditActor, type: AdminContentType, id: string): Promise<AdminContentItem> {
      const change = await db.transaction((tx) => moderation.unhide(tx, actor, type, id));
      await moderation.notify(change);
      return one(type, change.id);
    },

    /** Rows for these references, keyed `type:id` (absent when deleted): what a report list shows of its targets. */
    async summaries(refs: readonly ContentRef[]): Promise<Map<string, AdminContentItem>> {
      const byType = new Map<AdminContentType, string[]>();
      for (const ref of refs) byType.set(ref.type, [...(byType.get(ref.type) ?? []), ref.id]);
      const rows = (await Promise.all([...byType].map(([type, ids]) => adminContentRepository.byIds(db, type, ids)))).flat();
      const items = await presentAdminContent(db, urls, rows);
      return new Map(items.map((item) => [`${item.type}:${item._id}`, item]));
    },
  };
}

export type AdminContentService = ReturnType<typeof createAdminContentService>;
