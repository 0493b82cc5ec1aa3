import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { auditRoutes } from '../../../common/contract/audit';
import { addRoute } from '../../lib/route';
import { createAuditService, type AuditService } from './audit.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The append-only operator audit log: `app.audit.record(tx, request, { action, ... })`. */
    audit: AuditService;
  }
}

/** The audit log (contract `auditRoutes`): read by operators; written by every operator write. */
export default fp(async function auditModule(app: FastifyInstance) {
  const audit = createAuditService(app.db);
  app.decorate('audit', audit);
  addRoute(app, auditRoutes.list, async (request) => ({ data: await audit.list(request.query) }));
  addRoute(app, auditRoutes.operators, async () => ({ data: await audit.operators() }));
}, { name: 'audit', dependencies: ['db', 'auth'] });
