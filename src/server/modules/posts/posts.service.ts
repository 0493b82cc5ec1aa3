import type { FastifyInstance } from 'fastify';
import { POST_SLUG_MESSAGE, POST_SLUG_PATTERN, type Post, type PostFields, type PostStatus, type PostSummary } from '../../../common/contract/posts';
import { sanitizeRichText } from '../../../common/lib/rich-text';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { isSlugTaken, postsRepository, type PostPatch, type PostRow } from './posts.repository';
import { isUuid } from '../../shared/ids';

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

const slugTaken = () => conflict(SLUG_TAKEN, [{ field: 'slug', message: SLUG_TAKEN }]);

/** Static pages: the public footer list and page view, and the operator's CRUD. */
export function createPostsService(deps: Pick<FastifyInstance, 'db'>) {
  const { db } = deps;

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

    async create(input: PostFields): Promise<Post> {
      const patch = patchOf(input);
      const row = await postsRepository.insert(db, { ...patch, slug: patch.slug!, title: patch.title! });
      if (!row) throw slugTaken();
      return toPost(row);
    },

    async update(id: string, input: Partial<PostFields>): Promise<Post> {
      if (!isUuid(id)) throw notFound(NOT_FOUND);
      const patch = patchOf(input);
      try {
        const row = Object.keys(patch).length
          ? await postsRepository.update(db, id.toLowerCase(), patch)
          : await postsRepository.findBy(db, { id: id.toLowerCase() });
        if (!row) throw notFound(NOT_FOUND);
        return toPost(row);
      } catch (err) {
        if (isSlugTaken(err)) throw slugTaken();
        throw err;
      }
    },

    async remove(id: string): Promise<void> {
      if (!isUuid(id) || !(await postsRepository.remove(db, id.toLowerCase()))) throw notFound(NOT_FOUND);
    },
  };
}
