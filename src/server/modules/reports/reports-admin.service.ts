import type { FastifyInstance } from 'fastify';
import type { AdminContentType } from '../../../common/contract/admin-content';
import {
  REPORT_ACTIONS_FOR, RESOLUTION_OF, type AdminReport, type AdminReportDetail, type ReportAction, type ResolveReportBody,
  type ReportTargetSummary, type ReportTargetType,
} from '../../../common/contract/reports';
import type { Executor } from '../../db/client';
import { badRequest, conflict, HttpError, notFound, unprocessable } from '../../lib/http-error';
import type { AuditActor } from '../audit/audit.service';
import { hideReason, type ContentModeration, type ModerationChange } from '../admin-content/content-moderation.service';
import { commentModeration } from '../comments/comment-moderation.service';
import { createAccountStatusService } from '../users/account-status.service';
import { toUserPublic } from '../users/user-public.dto';
import { requireUuid } from '../../shared/ids';
import { stripControl } from '../../shared/text';
import type { ReportTargets } from './report-targets.service';
import { toReport } from './reports.service';
import { REPORT_SORTS, reportsRepository, type AdminReportRow, type ReportFilter, type ReportRow, type ReportSort } from './reports.repository';

type Deps = Pick<FastifyInstance, 'db' | 'config' | 'storage' | 'tokens' | 'io' | 'audit' | 'log'>;

const NOUN: Record<ReportTargetType, string> = {
  feed: 'post', video: 'video', gallery: 'gallery', product: 'product', comment: 'comment', performer: 'creator',
};

/** Why an action does not fit a target (422), in words an operator can act on. */
function unfit(action: ReportAction, type: ReportTargetType): string {
  if (action === 'remove_comment') return 'Only a reported comment can be removed';
  if (action === 'hide' && type === 'performer') return 'A creator cannot be hidden: suspend their account instead';
  return `This action does not fit a reported ${NOUN[type]}`;
}

/** The operators' note: plain text, line breaks kept; empty means none. */
function cleanNote(note: string | undefined): string | null {
  return stripControl(note ?? '', { keepLines: true }).trim() || null;
}

/**
 * The moderation queue: the reports, one report with its target in place, and the decision. A
 * decision is one transaction: its action (hide, remove the comment, warn or suspend the author),
 * every open report on the same target closed with the same resolution, and the audit rows (the
 * decision's `report.resolve`, plus the action's own: `content.hide`, `comment.remove`, `user.warn`,
 * `user.suspend`). What reaches outside the database (closing a suspended person's sockets, the
 * email to the author of hidden content) follows the commit.
 */
export function createReportsAdminService(app: Deps, targets: ReportTargets, moderation: ContentModeration) {
  const { db } = app;
  const urls = { storage: app.storage, webOrigin: app.config.webOrigin };
  const accountStatus = createAccountStatusService(app);

  const toAdminReport = ({ report, reporter, performer, resolver }: AdminReportRow, target: ReportTargetSummary): AdminReport => ({
    ...toReport(report),
    reporter: toUserPublic(urls, reporter),
    performerId: report.performerId,
    performer: performer ? toUserPublic(urls, performer) : null,
    resolution: report.resolution,
    resolutionNote: report.resolutionNote,
    resolvedAt: report.resolvedAt?.toISOString() ?? null,
    resolvedBy: resolver ? toUserPublic(urls, resolver) : null,
    target,
    updatedAt: report.updatedAt.toISOString(),
  });

  async function present(rows: AdminReportRow[]): Promise<AdminReport[]> {
    const summaryOf = await targets.summaries(rows.map((r) => r.report));
    return rows.map((row) => toAdminReport(row, summaryOf(row.report)));
  }

  /** Whom a warning or suspension is for: the item's creator, the comment's author, the reported creator. */
  async function authorOf(tx: Executor, report: ReportRow): Promise<string> {
    if (report.targetType === 'performer') return report.targetId;
    if (report.targetType === 'comment') {
      const found = await commentModeration.find(tx, report.targetId);
      if (!found) throw unprocessable('The reported comment no longer exists: dismiss the report instead');
      return found.comment.userId;
    }
    if (!report.performerId) throw unprocessable(`The reported ${NOUN[report.targetType]} has no creator any more: dismiss the report instead`);
    return report.performerId;
  }

  /** Hides the target; a target deleted since is a 422 (the report itself exists). */
  async function hideTarget(tx: Executor, actor: AuditActor, report: ReportRow, body: ResolveReportBody): Promise<ModerationChange> {
    const remove = body.action === 'remove_comment';
    const reason = hideReason(body.reason, { required: !remove });
    try {
      return await moderation.hide(tx, actor, report.targetType as AdminContentType, report.targetId, reason, {
        action: remove ? 'comment.remove' : 'content.hide', alreadyOk: true,
      });
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 404) {
        throw unprocessable(`The reported ${NOUN[report.targetType]} no longer exists: dismiss the report instead`);
      }
      throw err;
    }
  }

  const service = {
    async adminList(query: ReportFilter & { offset?: number; limit?: number; sortBy?: string; sort?: 'asc' | 'desc' }) {
      const sortBy = query.sortBy ?? 'updatedAt';
      if (!(REPORT_SORTS as readonly string[]).includes(sortBy)) {
        const message = `sortBy must be one of ${REPORT_SORTS.join(', ')}`;
        throw badRequest(message, [{ field: 'sortBy', message }]);
      }
      const filter = { status: query.status, targetType: query.targetType, performerId: query.performerId?.toLowerCase() };
      const { rows, total } = await reportsRepository.list(db, filter, sortBy as ReportSort, query.sort ?? 'desc', {
        offset: query.offset ?? 0, limit: query.limit ?? 10,
      });
      return { data: await present(rows), total };
    },

    /** One report, its target as an operator sees it, and the other open reports on that target. */
    async detail(rawId: string, operatorId: string): Promise<AdminReportDetail> {
      const row = await reportsRepository.findForAdmin(db, requireUuid(rawId));
      if (!row) throw notFound('Report not found');
      const others = (await reportsRepository.openOnTarget(db, row.report.targetType, row.report.targetId)).filter((r) => r.report.id !== row.report.id);
      const [[report, ...otherReports], preview] = await Promise.all([present([row, ...others]), targets.preview(row.report, operatorId)]);
      return { ...report, preview, otherReports };
    },

    async resolve(actor: AuditActor, rawId: string, body: ResolveReportBody): Promise<AdminReportDetail> {
      const id = requireUuid(rawId);
      const note = cleanNote(body.note);
      if (body.until && body.action !== 'suspend') {
        throw badRequest('Only a suspension has an end date', [{ field: 'until', message: 'Only a suspension has an end date' }]);
      }
      const found = await reportsRepository.findById(db, id);
      if (!found) throw notFound('Report not found');
      if (!REPORT_ACTIONS_FOR[found.targetType].includes(body.action)) {
        const message = unfit(body.action, found.targetType);
        throw unprocessable(message, [{ field: 'action', message }]);
      }

      const outcome = await db.transaction(async (tx) => {
        // Every open report on the target, locked in id order: a second decision waits, then finds its report closed.
        const open = await reportsRepository.lockOpenOnTarget(tx, found.targetType, found.targetId);
        if (!open.some((r) => r.id === id)) throw conflict('This report is already closed');
        let change: ModerationChange | null = null;
        let suspended: string | null = null;
        if (body.action === 'hide' || body.action === 'remove_comment') {
          change = await hideTarget(tx, actor, found, body);
        } else if (body.action === 'warn') {
          await accountStatus.warn(tx, actor, await authorOf(tx, found), { reason: body.reason ?? '', reportId: id });
        } else if (body.action === 'suspend') {
          suspended = await authorOf(tx, found);
          await accountStatus.suspend(tx, actor, suspended, { reason: body.reason ?? '', until: body.until ?? null });
        }
        const status = body.action === 'dismiss' ? 'dismissed' : 'resolved';
        const resolution = RESOLUTION_OF[body.action];
        const closed = open.map((r) => r.id);
        await reportsRepository.close(tx, closed, { status, resolution, resolutionNote: note, resolvedBy: actor.id, resolvedAt: new Date() });
        await app.audit.record(tx, actor, {
          action: 'report.resolve', targetType: 'report', targetId: id,
          before: { status: 'open' },
          after: { status, resolution, note, target: { type: found.targetType, id: found.targetId }, closedReports: closed },
        });
        return { change, suspended };
      });
      if (outcome.suspended) accountStatus.afterSuspend(outcome.suspended);
      if (outcome.change) await moderation.notify(outcome.change);
      return service.detail(id, actor.id);
    },
  };
  return service;
}
