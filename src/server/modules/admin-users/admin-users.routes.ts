import type { FastifyInstance } from 'fastify';
import { adminUserRoutes } from '../../../common/contract/admin-users';
import { addRoute } from '../../lib/route';
import { actorOf } from '../audit/audit.service';
import { createAccountStatusService } from '../users/account-status.service';
import { createAdminUserDetailService } from './admin-user-detail.service';
import { createAdminUsersService } from './admin-users.service';
import { scheduleSuspensionLifts } from './suspension-lifts';

/** The console's users (contract `adminUserRoutes`), and the job that ends timed suspensions. */
export default async function adminUsersModule(app: FastifyInstance) {
  const users = createAdminUsersService(app);
  const detail = createAdminUserDetailService(app);

  addRoute(app, adminUserRoutes.list, async (request) => ({ data: await users.list(request.query) }));
  addRoute(app, adminUserRoutes.view, async (request) => ({ data: await detail.view(request.params.id) }));
  addRoute(app, adminUserRoutes.setStatus, async (request) => ({
    data: await users.setStatus(actorOf(request), request.params.id, request.body),
  }));
  addRoute(app, adminUserRoutes.setRole, async (request) => ({
    data: await users.setRole(actorOf(request), request.params.id, request.body.role),
  }));
  addRoute(app, adminUserRoutes.warn, async (request) => ({
    data: await users.warn(actorOf(request), request.params.id, request.body.reason),
  }));

  // Tests lift suspensions themselves (the job's own test triggers it); a timer would write under them.
  if (app.config.env !== 'test') {
    const accountStatus = createAccountStatusService(app);
    const job = scheduleSuspensionLifts(() => accountStatus.liftExpired(), app.log);
    app.addHook('onClose', async () => job.stop());
  }
}
