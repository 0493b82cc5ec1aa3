import type { FastifyInstance } from 'fastify';
import {
  ALREADY_REPORTED_MESSAGE, type AdminReport, type CreateReportBody, type Report, type ReportStatus, type ReportTargetType,
} from '../../../common/contract/reports';
import { NOT_AVAILABLE_MESSAGE } from '../../../common/contract/social';
import type { Executor } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error';
import { blockingRepository } from '../blocking/blocking.repository';
import type { Viewer } from '../blocking/viewer';
import { requireVisibleItem } from '../content/content-access.service';
import { commentsRepository } from '../comments/comments.repository';
import { toUserPublic } from '../users/user-public.dto';
import { REPORT_SORTS, reportsRepository, type AdminReportRow, type ReportFilter, type ReportRow, type ReportSort } from './reports.repository';
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
    if (!comment) throw notFound('Comment not found');
    if (comment.userId === viewer.userId) throw self();
    return (await requireVisibleItem(tx, comment.objectType, comment.objectId, viewer)).meta.performerId;
  }
  const { meta } = await requireVisibleItem(tx, type, id, viewer);
  if (meta.performerId === viewer.userId) throw self();
  return meta.performerId;
}

const toReport = (row: ReportRow): Report => ({
  _id: row.id,
  targetType: row.targetType,
  targetId: row.targetId,
  reason: row.reason,
  text: row.text,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
});

/** Reports from users, and the operators' queue. */
export function createReportsService(deps: Pick<FastifyInstance, 'db' | 'config' | 'storage'>) {
  const { db } = deps;
  const urls = { storage: deps.storage, webOrigin: deps.config.webOrigin };
  const toAdminReport = ({ report, reporter, performer }: AdminReportRow): AdminReport => ({
    ...toReport(report),
    reporter: toUserPublic(urls, reporter),
    performerId: report.performerId,
    performer: performer ? toUserPublic(urls, performer) : null,
    updatedAt: report.updatedAt.toISOString(),
  });

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

    async adminList(query: ReportFilter & { offset?: number; limit?: number; sortBy?: string; sort?: 'asc' | 'desc' }) {
      const sortBy = query.sortBy ?? 'updatedAt';
      if (!(REPORT_SORTS as readonly string[]).includes(sortBy)) {
        const message = `sortBy must be one of ${REPORT_SORTS.join(', ')}`;
        throw badRequest(message, [{ field: 'sortBy', message }]);
      }
      const filter = { status: query.status, targetType: query.targetType, performerId: query.performerId };
      const { rows, total } = await reportsRepository.list(db, filter, sortBy as ReportSort, query.sort ?? 'desc', {
        offset: query.offset ?? 0, limit: query.limit ?? 10,
      });
      return { data: rows.map(toAdminReport), total };
    },

    async adminUpdate(id: string, status: Exclude<ReportStatus, 'open'>): Promise<AdminReport> {
      return db.transaction(async (tx) => {
        if (!(await reportsRepository.setStatus(tx, requireUuid(id), status))) throw notFound('Report not found');
        return toAdminReport((await reportsRepository.findForAdmin(tx, id.toLowerCase()))!);
      });
    },
  };
}
