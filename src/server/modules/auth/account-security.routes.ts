import type { FastifyInstance } from 'fastify';
import { accountSecurityRoutes as routes } from '../../../common/contract/account-security';
import { addRoute } from '../../lib/route';
import { meta } from './auth.routes';
import { createSessionsService } from './sessions.service';
import { createTwoFactorService } from './two-factor.service';

/** Signed-in devices (`/auth/sessions`) and two-factor sign-in (`/auth/2fa/*`); all on the strict auth rate limit. */
export default async function accountSecurityModule(app: FastifyInstance) {
  const sessions = createSessionsService(app);
  const twoFactor = createTwoFactorService(app);
  const limited = <T extends object>(def: T) => ({ ...def, rateLimit: 'auth' as const });

  addRoute(app, limited(routes.sessions), async (request) => ({ data: await sessions.list(request.user!.id, request.sessionId!) }));
  addRoute(app, limited(routes.revokeSession), async (request) => {
    await sessions.revoke(request.user!.id, request.params.id.toLowerCase());
    return { data: { success: true } };
  });
  addRoute(app, limited(routes.revokeOtherSessions), async (request) => ({
    data: { success: true, revoked: await sessions.revokeOthers(request.user!.id, request.sessionId!) },
  }));

  addRoute(app, limited(routes.twoFactorStatus), async (request) => ({ data: await twoFactor.status(request.user!.id) }));
  addRoute(app, limited(routes.twoFactorSetup), async (request) => ({ data: await twoFactor.setup(request.user!) }));
  addRoute(app, limited(routes.twoFactorEnable), async (request) => ({
    data: await twoFactor.enable(request.user!, request.sessionId, request.body),
  }));
  addRoute(app, limited(routes.twoFactorDisable), async (request) => {
    await twoFactor.disable(request.user!.id, request.body);
    return { data: { success: true } };
  });
  addRoute(app, limited(routes.twoFactorVerify), async (request) => ({ data: await twoFactor.verify(request.body, meta(request)) }));
}
