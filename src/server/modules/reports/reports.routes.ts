import type { FastifyInstance } from 'fastify';
import { reportRoutes } from '../../../common/contract/reports';
import { addRoute } from '../../lib/route';
import { signedInViewer } from '../blocking/viewer';
import { createReportsService } from './reports.service';

/** Users report content, creators and comments; operators work through the queue. */
export default async function reportsModule(app: FastifyInstance) {
  const reports = createReportsService(app);

  addRoute(app, reportRoutes.create, async (request) => ({
    data: await reports.create(await signedInViewer(app, request), request.body),
  }));
  addRoute(app, reportRoutes.adminList, async (request) => ({ data: await reports.adminList(request.query) }));
  addRoute(app, reportRoutes.adminUpdate, async (request) => ({
    data: await reports.adminUpdate(request.params.id, request.body.status),
  }));
}
