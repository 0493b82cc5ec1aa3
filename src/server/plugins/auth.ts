import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createTokenService, type AuthUser, type TokenService } from '../modules/auth/token.service';
import { createSessionCache } from '../modules/auth/session-cache';
import { loadJwtSecret } from '../lib/secret';
import { forbidden, unauthorized } from '../lib/http-error';
import type { RouteDef } from '../../common/contract/common';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    sessionId: string | null;
  }
}

/** The token as the spec's client sends it: raw, or with a `Bearer ` prefix; empty means anonymous. */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token && token !== 'null' && token !== 'undefined' ? token : null;
}

/** Resolves the caller for a route according to its `auth` and `roles` declaration. */
export async function authorize(app: FastifyInstance, request: FastifyRequest, def: Pick<RouteDef, 'auth' | 'roles'>) {
  const token = tokenFromHeader(request.headers.authorization);
  const needed = def.auth === 'required' || Boolean(def.roles);
  if (!token) {
    if (needed) throw unauthorized();
    return;
  }
  try {
    const { user, sessionId } = await app.tokens.verify(token);
    request.user = user;
    request.sessionId = sessionId;
  } catch (err) {
    // A stale token on a public route is treated as anonymous rather than failing the page.
    if (needed) throw err;
    return;
  }
  if (def.roles && !def.roles.includes(request.user.role)) {
    throw forbidden(`Only ${def.roles.join(' or ')} accounts can do this`);
  }
}

export default fp(async function auth(app: FastifyInstance) {
  const secret = await loadJwtSecret(app.config.jwtSecret, app.config.dataDir);
  // Verified sessions in process; the `auth_changed` triggers tell every instance of each change at commit.
  const cache = createSessionCache();
  let closing = false;
  const stop = await app.dbHandle.listen('auth_changed', cache.changed, (connected) => {
    if (!connected && !closing) app.log.warn('session change feed lost: every request reads its session from the database until it is back');
    cache.setLive(connected);
  });
  app.addHook('onClose', async () => {
    closing = true;
    await stop();
  });
  // This process's own writes drop what they touch before they run (session-cache.ts `wrote`).
  const stopWatching = app.dbHandle.onStatement(cache.wrote);
  app.addHook('onClose', async () => stopWatching());
  app.decorate('tokens', createTokenService(app.db, secret, cache));
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
}, { name: 'auth', dependencies: ['db'] });
