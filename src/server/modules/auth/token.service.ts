import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { Database, Executor } from '../../db/client';
import { sessionRepository } from './session.repository';
import { unauthorized } from '../../lib/http-error';

export const REMEMBER_LIFETIME_DAYS = 365;
export const DEFAULT_LIFETIME_DAYS = 1;
const DAY_MS = 86_400_000;

export type AuthUser = NonNullable<Awaited<ReturnType<typeof sessionRepository.findLive>>>['user'];

/**
 * Tokens are HS256 JWTs naming a session row: the signature makes forgery fail cheaply, the row
 * makes logout and password changes take effect on the next request.
 */
export function createTokenService(db: Database, secret: Uint8Array) {
  return {
    /** `executor` lets a registration create its session inside the same transaction as the user. */
    async issue(userId: string, remember: boolean, meta: { userAgent?: string; ip?: string } = {}, executor: Executor = db) {
      const days = remember ? REMEMBER_LIFETIME_DAYS : DEFAULT_LIFETIME_DAYS;
      const expiresAt = new Date(Date.now() + days * DAY_MS);
      const sessionId = await sessionRepository.create(executor, { userId, expiresAt, ...meta });
      const token = await new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(secret);
      return { token, sessionId, expiresAt };
    },

    /** The signed-in user and session for a token; throws 401 with the reason otherwise. */
    async verify(token: string): Promise<{ user: AuthUser; sessionId: string }> {
      let sid: unknown;
      try {
        const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
        sid = payload.sid;
      } catch (err) {
        if (err instanceof joseErrors.JWTExpired) throw unauthorized('Your session has expired, please sign in again');
        throw unauthorized('Invalid token, please sign in again');
      }
      if (typeof sid !== 'string') throw unauthorized('Invalid token, please sign in again');
      const live = await sessionRepository.findLive(db, sid);
      if (!live) throw unauthorized('Your session has ended, please sign in again');
      if (live.user.status !== 'active') throw unauthorized('This account is inactive');
      return { user: live.user, sessionId: sid };
    },

    revoke: (sessionId: string) => sessionRepository.revoke(db, sessionId),
    /** `executor`: inside the caller's transaction (a suspension ends the sessions with the status change). */
    revokeAllForUser: (userId: string, keep?: string, executor: Executor = db) => sessionRepository.revokeAllForUser(executor, userId, keep),
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
