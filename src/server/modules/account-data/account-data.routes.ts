import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { accountDataRoutes } from '../../../common/contract/account-data';
import { addRoute } from '../../lib/route';
import { createAccountDeletion } from './account-deletion.service';
import { createDataExports, type DataExports } from './data-export.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Data exports: `whenIdle` and `cleanUpExpired` for tests and the scheduler. */
    accountData: Pick<DataExports, 'whenIdle' | 'cleanUpExpired'>;
  }
}

/** The person's own data: export it, or delete the account (issue 15 section 5). */
export default fp(async function accountDataModule(app: FastifyInstance) {
  const exports = await createDataExports(app);
  const deletion = createAccountDeletion(app, exports);
  app.decorate('accountData', { whenIdle: exports.whenIdle, cleanUpExpired: exports.cleanUpExpired });

  addRoute(app, accountDataRoutes.exportStatus, async (request) => ({ data: await exports.status(request.user!.id) }));
  addRoute(app, accountDataRoutes.requestExport, async (request) => ({ data: await exports.request(request.user!.id) }));
  addRoute(app, accountDataRoutes.deletionCheck, async (request) => ({ data: await deletion.check(request.user!.id) }));
  addRoute(app, accountDataRoutes.deleteAccount, async (request) => {
    await deletion.remove(request.user!.id, request.sessionId ?? null, request.body ?? {});
    return { data: { success: true } };
  });
}, { name: 'account-data' });
