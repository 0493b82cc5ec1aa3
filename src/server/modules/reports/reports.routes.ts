import type { FastifyInstance } from 'fastify';
import { reportRoutes } from '../../../common/contract/reports';
import { addRoute } from '../../lib/route';
import { createAdminContentService } from '../admin-content/admin-content.service';
import { actorOf } from '../audit/audit.service';
import { signedInViewer } from '../blocking/viewer';
import { createReportTargets } from './report-targets.service';
import { createReportsAdminService } from './reports-admin.service';
import { createReportsService } from './reports.service';

/** Users report content, creators and comments and follow what came of it; operators work through the queue. */
export default async function reportsModule(app: FastifyInstance) {
  const content = createAdminContentService(app);
  const targets = createReportTargets(app, content);
  const reports = createReportsService(app, targets);
  const admin = createReportsAdminService(app, targets, content.moderation);

  addRoute(app, reportRoutes.create, async (request) => ({
    data: await reports.create(await signedInViewer(app, request), request.body),
  }));
  addRoute(app, reportRoutes.mine, async (request) => ({
    data: await reports.mine(await signedInViewer(app, request), request.query),
  }));
  addRoute(app, reportRoutes.adminList, async (request) => ({ data: await admin.adminList(request.query) }));
  addRoute(app, reportRoutes.adminDetail, async (request) => ({ data: await admin.detail(request.params.id, request.user!.id) }));
  addRoute(app, reportRoutes.adminResolve, async (request) => ({
    data: await admin.resolve(actorOf(request), request.params.id, request.body),
  }));
}
