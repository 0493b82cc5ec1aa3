import type { FastifyInstance } from 'fastify';
import { POST_SLUG_MESSAGE, POST_SLUG_PATTERN, type Post, type PostFields, type PostStatus, type PostSummary } from '../../../common/contract/posts';
import { sanitizeRichText } from '../../../common/lib/rich-text';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import type { Executor } from '../../db/client';
import { isSlugTaken, postsRepository, type PostPatch, type PostRow } from './posts.repository';
import { isUuid } from '../../shared/ids';
import type { AuditActor } from '../audit/audit.service';
import { auditChanges } from '../audit/audit-changes';

const SLUG = new RegExp(POST_SLUG_PATTERN);
const NOT_FOUND = 'Page not found';
const SLUG_TAKEN = 'This slug is already used by another page';

interface Page {
  offset?: number;
  limit?: number;
}
const page = (q: Page) => ({ offset: q.offset ?? 0, limit: q.limit ?? 10 });

const toSummary = (row: PostRow): PostSummary => ({ _id: row.id, slug: row.slug, title: row.title, ordering: row.ordering });
const toPost = (row: PostRow): Post => ({
  ...toSummary(row),
  content: row.content,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Validated, cleaned columns of a create or edit; absent fields stay as they are. */
function patchOf(input: Partial<PostFields>): PostPatch {
  const patch: PostPatch = {};
  if (input.slug !== undefined) {
    if (!SLUG.test(input.slug)) throw badRequest(POST_SLUG_MESSAGE, [{ field: 'slug', message: POST_SLUG_MESSAGE }]);
    patch.slug = input.slug;
  }
  if (input.title !== undefined) {
    patch.title = input.title.trim();
    if (!patch.title) throw badRequest('Title cannot be empty', [{ field: 'title', message: 'Title cannot be empty' }]);
  }
  if (input.content !== undefined) patch.content = sanitizeRichText(input.content);
  if (input.status !== undefined) patch.status = input.status;
  if (input.ordering !== undefined) patch.ordering = input.ordering;
  return patch;
}

/** What the audit log keeps of a page: every field an operator sets (content as stored, i.e. sanitised). */
const auditView = (row: Pick<PostRow, 'slug' | 'title' | 'content' | 'status' | 'ordering'>) => ({
  slug: row.slug, title: row.title, content: row.content, status: row.status, ordering: row.ordering,
});

const slugTaken = () => conflict(SLUG_TAKEN, [{ field: 'slug', message: SLUG_TAKEN }]);

/** Static pages: the public footer list and page view, and the operator's CRUD. */
export function createPostsService(deps: Pick<FastifyInstance, 'db' | 'audit'>) {
  const { db } = deps;
  const actorRecord = (tx: Executor, actor: AuditActor, action: 'page.create' | 'page.update' | 'page.delete', id: string, before: unknown, after: unknown) =>
    deps.audit.record(tx, actor, { action, targetType: 'page', targetId: id, before, after });

  return {
    async search(query: Page & { q?: string }): Promise<{ data: PostSummary[]; total: number }> {
      const { rows, total } = await postsRepository.list(db, { status: 'published', q: query.q }, page(query));
      return { data: rows.map(toSummary), total };
    },

    /** By id or slug; a draft is a 404 for everyone but admins, so drafts reveal nothing. */
    async view(isAdmin: boolean, idOrSlug: string): Promise<Post> {
      const key = idOrSlug.toLowerCase();
      const row = await postsRepository.findBy(db, isUuid(key) ? { id: key } : { slug: key });
      if (!row || (row.status !== 'published' && !isAdmin)) throw notFound(NOT_FOUND);
      return toPost(row);
    },

    async adminList(query: Page & { q?: string; status?: PostStatus }) {
      const { rows, total } = await postsRepository.list(db, { status: query.status, q: query.q }, page(query));
      return { data: rows.map(toPost), total };
    },

    /** The page and its audit row commit together; a taken slug writes neither. */
    async create(actor: AuditActor, input: PostFields): Promise<Post> {
      const patch = patchOf(input);
      const row = await db.transaction(async (tx) => {
        const inserted = await postsRepository.insert(tx, { ...patch, slug: patch.slug!, title: patch.title! });
        if (!inserted) throw slugTaken();
        await actorRecord(tx, actor, 'page.create', inserted.id, null, auditView(inserted));
        return inserted;
      });
      return toPost(row);
    },

    /** An edit that changes nothing writes nothing and records nothing. */
    async update(actor: AuditActor, id: string, input: Partial<PostFields>): Promise<Post> {
      if (!isUuid(id)) throw notFound(NOT_FOUND);
      const patch = patchOf(input);
      try {
        const row = await db.transaction(async (tx) => {
          const before = await postsRepository.lock(tx, id.toLowerCase());
          if (!before) throw notFound(NOT_FOUND);
          const changes = auditChanges(auditView(before), auditView({ ...before, ...patch }));
          if (!changes) return before;
          const after = await postsRepository.update(tx, before.id, patch);
          await actorRecord(tx, actor, 'page.update', before.id, changes.before, changes.after);
          return after!;
        });
        return toPost(row);
      } catch (err) {
        if (isSlugTaken(err)) throw slugTaken();
        throw err;
      }
    },

    async remove(actor: AuditActor, id: string): Promise<void> {
      if (!isUuid(id)) throw notFound(NOT_FOUND);
      await db.transaction(async (tx) => {
        const removed = await postsRepository.remove(tx, id.toLowerCase());
        if (!removed) throw notFound(NOT_FOUND);
        await actorRecord(tx, actor, 'page.delete', removed.id, auditView(removed), null);
      });
    },
  };
}
