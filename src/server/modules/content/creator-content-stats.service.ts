import type { Executor } from '../../db/client';
import type { ContentType } from '../../../common/contract/content';
import { richTextToPlain } from '../../../common/lib/rich-text';
import { creatorContentStatsRepository as repo, type ContentRef } from './creator-content-stats.repository';

/** Longest title a dashboard list shows; a post's text is cut there. */
const TITLE_MAX = 80;
const UNTITLED: Record<ContentType, string> = { feed: 'Post without text', video: 'Untitled video', gallery: 'Untitled gallery', product: 'Untitled product' };

function titleOf(ref: ContentRef): string {
  const text = (ref.type === 'feed' ? richTextToPlain(ref.label) : ref.label).replace(/\s+/g, ' ').trim();
  if (!text) return UNTITLED[ref.type];
  return text.length > TITLE_MAX ? `${text.slice(0, TITLE_MAX - 1)}…` : text;
}

/** A creator's own content figures for their dashboard (views, most liked, titles of items). */
export const creatorContentStats = {
  totalViews: (db: Executor, performerId: string) => repo.totalViews(db, performerId),

  async topLiked(db: Executor, performerId: string, limit: number) {
    const rows = await repo.topLiked(db, performerId, limit);
    return rows.map((r) => ({ type: r.type, id: r.id, title: titleOf(r), likes: r.likes }));
  },

  /** Titles by `type:id` of the creator's items among `refs`. */
  async titles(db: Executor, performerId: string, refs: { type: ContentType; id: string }[]): Promise<Map<string, string>> {
    const rows = await repo.labels(db, performerId, refs);
    return new Map(rows.map((r) => [`${r.type}:${r.id}`, titleOf(r)]));
  },
};
