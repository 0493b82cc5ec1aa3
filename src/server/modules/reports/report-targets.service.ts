import type { FastifyInstance } from 'fastify';
import type { ContentType } from '../../../common/contract/content';
import type { ReportTargetPreview, ReportTargetSummary, ReportTargetType } from '../../../common/contract/reports';
import { excerpt } from '../../../common/lib/content-path';
import { richTextToPlain } from '../../../common/lib/rich-text';
import type { AdminContentService } from '../admin-content/admin-content.service';
import { createContentPreview } from '../admin-content/content-preview.service';
import { commentModeration } from '../comments/comment-moderation.service';
import { toUserPublic } from '../users/user-public.dto';
import { avatarUrl } from '../users/user.dto';
import { reportsRepository, type PerformerRow, type UserRow } from './reports.repository';

type Deps = Pick<FastifyInstance, 'db' | 'media' | 'storage' | 'config' | 'settings' | 'changeCaches'>;

export interface TargetRef {
  targetType: ReportTargetType;
  targetId: string;
}

const key = (type: string, id: string) => `${type}:${id}`;
const TEXT_MAX = 1000;
const GONE: ReportTargetSummary = { exists: false, title: null, path: null, isHidden: false };

const performerTitle = (user: UserRow) => (user.username ? `${user.name || user.username} (@${user.username})` : user.name || 'Creator');
const performerPath = (user: UserRow) => `/${user.username ?? user.id}`;

/**
 * What reports point at, as lists and the decision screen show it. Content and comments come from
 * the operators' content service (the same rows as /admin/content); creators from their account.
 */
export function createReportTargets(app: Deps, content: Pick<AdminContentService, 'summaries'>) {
  const urls = { storage: app.storage, webOrigin: app.config.webOrigin };
  const preview = createContentPreview(app);

  async function performers(ids: string[]): Promise<Map<string, { user: UserRow; performer: PerformerRow }>> {
    const rows = await reportsRepository.performersByIds(app.db, ids);
    return new Map(rows.map((r) => [r.user.id, r]));
  }

  return {
    /** One summary per reference, keyed `type:id`, in a fixed number of queries for a page. */
    async summaries(refs: readonly TargetRef[]): Promise<(ref: TargetRef) => ReportTargetSummary> {
      const creatorIds = refs.filter((r) => r.targetType === 'performer').map((r) => r.targetId);
      const contentRefs = refs.filter((r) => r.targetType !== 'performer').map((r) => ({ type: r.targetType as Exclude<ReportTargetType, 'performer'>, id: r.targetId }));
      const [items, creators] = await Promise.all([content.summaries(contentRefs), performers(creatorIds)]);
      return (ref) => {
        if (ref.targetType === 'performer') {
          const found = creators.get(ref.targetId);
          return found ? { exists: true, title: performerTitle(found.user), path: performerPath(found.user), isHidden: false } : GONE;
        }
        const item = items.get(key(ref.targetType, ref.targetId));
        return item ? { exists: true, title: item.title, path: item.path, isHidden: item.isHidden } : GONE;
      };
    },

    /** The target as an operator judges it (locked content included). */
    async preview(ref: TargetRef, operatorId: string): Promise<ReportTargetPreview> {
      const base: ReportTargetPreview = {
        type: ref.targetType, id: ref.targetId, exists: false, title: null, text: null, thumbnail: null, author: null, access: null, price: 0,
        status: null, isHidden: false, hiddenReason: null, hiddenAt: null, path: null, on: null, suspendedReason: null, suspendedUntil: null,
      };
      if (ref.targetType === 'performer') {
        const found = (await performers([ref.targetId])).get(ref.targetId);
        if (!found) return base;
        const { user, performer } = found;
        return {
          ...base, exists: true, title: performerTitle(user), text: excerpt(richTextToPlain(performer.bio), TEXT_MAX) || null,
          thumbnail: avatarUrl(urls, user.avatarPath), author: toUserPublic(urls, user), status: user.status, path: performerPath(user),
          suspendedReason: user.suspendedReason, suspendedUntil: user.suspendedUntil?.toISOString() ?? null,
        };
      }
      const item = (await content.summaries([{ type: ref.targetType, id: ref.targetId }])).get(key(ref.targetType, ref.targetId));
      if (!item) return base;
      const shared = {
        ...base, exists: true, title: item.title, author: item.creator, isHidden: item.isHidden, hiddenReason: item.hiddenReason,
        hiddenAt: item.hiddenAt, path: item.path, on: item.on,
      };
      if (ref.targetType === 'comment') {
        const comment = await commentModeration.find(app.db, ref.targetId);
        return {
          ...shared,
          text: comment ? excerpt(richTextToPlain(comment.comment.text), TEXT_MAX) : null,
          thumbnail: comment ? commentModeration.imageThumbnail(app.media, comment) : null,
        };
      }
      const media = await preview.media(ref.targetType as ContentType, ref.targetId, operatorId);
      return {
        ...shared, text: media ? excerpt(media.text, TEXT_MAX) || null : null, thumbnail: media?.thumbnail ?? null,
        access: item.access, price: item.price, status: item.isScheduled ? 'scheduled' : item.status,
      };
    },
  };
}

export type ReportTargets = ReturnType<typeof createReportTargets>;
