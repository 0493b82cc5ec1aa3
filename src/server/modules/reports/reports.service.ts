import type { FastifyInstance } from 'fastify';
import {
  ALREADY_REPORTED_MESSAGE, REPORT_OUTCOMES, type CreateReportBody, type MyReport, type MyReportsQuery, type Report, type ReportTargetType,
} from '../../../common/contract/reports';
import { NOT_AVAILABLE_MESSAGE } from '../../../common/contract/social';
import type { Executor } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error';
import { blockingRepository } from '../blocking/blocking.repository';
import type { Viewer } from '../blocking/viewer';
import { requireVisibleItem } from '../content/content-access.service';
import { commentsRepository } from '../comments/comments.repository';
import type { ReportTargets } from './report-targets.service';
import { reportsRepository, type ReportRow } from './reports.repository';
import { requireUuid } from '../../shared/ids';

type SignedIn = Viewer & { userId: string };

const SELF: Record<ReportTargetType, string> = {
  feed: 'You cannot report your own content',
  video: 'You cannot report your own content',
  gallery: 'You cannot report your own content',
  product: 'You cannot report your own content',
  performer: 'You cannot report yourself',
  comment: 'You cannot report your own comment',
};

/**
 * The creator a target belongs to (for the moderation queue), once the reporter may see it: the
 * same visibility as reading it (404 hidden or absent, 403 "not available" when blocked). A
 * comment belongs to the creator of the item it is on.
 */
async function resolveTarget(tx: Executor, type: ReportTargetType, id: string, viewer: SignedIn): Promise<string> {
  const self = () => badRequest(SELF[type]);
  if (type === 'performer') {
    const performerId = requireUuid(id, 'targetId');
    if (performerId === viewer.userId) throw self();
    if (!(await reportsRepository.activePerformerExists(tx, performerId))) throw notFound('Performer not found');
    if (await blockingRepository.isBlocked(tx, performerId, viewer)) throw forbidden(NOT_AVAILABLE_MESSAGE);
    return performerId;
  }
  if (type === 'comment') {
    const comment = await commentsRepository.findById(tx, requireUuid(id, 'targetId'));
    // A comment the moderators removed exists only for its author and operators.
    if (!comment || (comment.hiddenAt && comment.userId !== viewer.userId && viewer.role !== 'admin')) throw notFound('Comment not found');
    if (comment.userId === viewer.userId) throw self();
    return (await requireVisibleItem(tx, comment.objectType, comment.objectId, viewer)).meta.performerId;
  }
  const { meta } = await requireVisibleItem(tx, type, id, viewer);
  if (meta.performerId === viewer.userId) throw self();
  return meta.performerId;
}

export const toReport = (row: ReportRow): Report => ({
  _id: row.id,
  targetType: row.targetType,
  targetId: row.targetId,
  reason: row.reason,
  text: row.text,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
});

/** Reports from users, and what the reporter is told of them. */
export function createReportsService(deps: Pick<FastifyInstance, 'db'>, targets: Pick<ReportTargets, 'summaries'>) {
  const { db } = deps;

  return {
    /** One open report per reporter and target (409); a closed one may be followed by a new one. */
    async create(viewer: SignedIn, body: CreateReportBody): Promise<Report> {
      return db.transaction(async (tx) => {
        const performerId = await resolveTarget(tx, body.targetType, body.targetId, viewer);
        const row = await reportsRepository.insertOpen(tx, {
          reporterId: viewer.userId, targetType: body.targetType, targetId: body.targetId.toLowerCase(),
          performerId, reason: body.reason, text: (body.text ?? '').trim(),
        });
        if (!row) throw conflict(ALREADY_REPORTED_MESSAGE);
        return toReport(row);
      });
    },

    /**
     * The reporter's reports, newest first, each with the outcome in plain words ("Under review",
     * "Action taken", "No action needed"); what exactly was done stays with the operators.
     */
    async mine(viewer: SignedIn, query: MyReportsQuery): Promise<{ data: MyReport[]; total: number }> {
      const { rows, total } = await reportsRepository.listMine(db, viewer.userId, { offset: query.offset ?? 0, limit: query.limit ?? 10 });
      const summaryOf = await targets.summaries(rows);
      return {
        data: rows.map((row) => ({
          ...toReport(row),
          outcome: REPORT_OUTCOMES[row.status],
          resolvedAt: row.resolvedAt?.toISOString() ?? null,
          target: summaryOf(row),
        })),
        total,
      };
    },
  };
}
