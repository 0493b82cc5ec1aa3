import { SignJWT, jwtVerify, errors as joseErrors, type JWTPayload } from 'jose';
import type { Database, Executor } from '../../db/client';
import { sessionRepository } from './session.repository';
import { unauthorized } from '../../lib/http-error';
import { deriveKey, hs256Key } from '../../lib/secret';
import { createSealer } from '../../lib/sealed-text';
import type { SessionCache } from './session-cache';

export const REMEMBER_LIFETIME_DAYS = 365;
export const DEFAULT_LIFETIME_DAYS = 1;
const DAY_MS = 86_400_000;
/** `sessions.last_seen_at` is written at most this often per session, not on every request. */
export const LAST_SEEN_INTERVAL_MS = 60_000;
/** A password accepted for an account with 2FA on leaves this long to enter the code. */
export const TWO_FACTOR_CHALLENGE_SECONDS = 5 * 60;
const CHALLENGE_PURPOSE = '2fa-login';

/**
 * Tokens whose signature this process has checked, with the session they name and when they
 * expire: a token's signature never changes, and checking it through WebCrypto took a tenth of a
 * signed-in request's CPU (README, API bench). Only the signature is remembered; whether the
 * session still lives is asked of the session cache or the database on every request. Bounded:
 * the oldest entry goes when full.
 */
class VerifiedTokens {
  private readonly entries = new Map<string, { sid: string; expiresAt: number }>();
  constructor(private readonly max = 10_000) {}

  get(token: string): string | null {
    const entry = this.entries.get(token);
    if (!entry) return null;
    // An expired one goes through jose again, which gives its own message.
    if (entry.expiresAt <= Date.now()) {
      this.entries.delete(token);
      return null;
    }
    return entry.sid;
  }

  set(token: string, sid: string, expiresAt: number) {
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(token, { sid, expiresAt });
  }
}

export type AuthUser = NonNullable<Awaited<ReturnType<typeof sessionRepository.findLive>>>['user'];

/**
 * Tokens are HS256 JWTs naming a session row: the signature makes forgery fail cheaply, the row
 * makes logout and password changes take effect on the next request. `cache` (session-cache.ts)
 * keeps verified sessions in process; the database tells it of every change at commit.
 */
export function createTokenService(db: Database, secret: Uint8Array, cache?: SessionCache) {
  // Own keys, derived from the secret: a challenge is no session token and vice versa.
  const challengeKey = hs256Key(deriveKey(secret, 'two-factor-challenge'));
  const sessionKey = hs256Key(secret);
  const signatures = new VerifiedTokens();

  /** The session a token names, its signature and expiry checked; 401 otherwise. */
  async function sessionIdOf(token: string): Promise<string> {
    const known = signatures.get(token);
    if (known) return known;
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, await sessionKey, { algorithms: ['HS256'] }));
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) throw unauthorized('Your session has expired, please sign in again');
      throw unauthorized('Invalid token, please sign in again');
    }
    if (typeof payload.sid !== 'string') throw unauthorized('Invalid token, please sign in again');
    signatures.set(token, payload.sid, payload.exp === undefined ? Infinity : payload.exp * 1000);
    return payload.sid;
  }

  return {
    /** Seals TOTP secrets at rest (AES-256-GCM, key derived from the JWT secret). */
    sealer: createSealer(deriveKey(secret, 'two-factor-secret')),

    /** The proof that the password was right, exchanged with a code at `POST /auth/2fa/verify`. */
    async issueChallenge(userId: string, remember: boolean): Promise<string> {
      return new SignJWT({ purpose: CHALLENGE_PURPOSE, remember })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(`${TWO_FACTOR_CHALLENGE_SECONDS}s`)
        .sign(await challengeKey);
    },

    /** The user and `remember` choice of a challenge; 401 when expired, forged or not a challenge. */
    async readChallenge(challenge: string): Promise<{ userId: string; remember: boolean }> {
      try {
        const { payload } = await jwtVerify(challenge, await challengeKey, { algorithms: ['HS256'] });
        if (payload.purpose === CHALLENGE_PURPOSE && typeof payload.sub === 'string') {
          return { userId: payload.sub, remember: payload.remember === true };
        }
      } catch {
        // Fall through to the one message: expired and forged look the same to the person.
      }
      throw unauthorized('This sign-in has expired, please enter your password again');
    },

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
        .sign(await sessionKey);
      return { token, sessionId, expiresAt };
    },

    /** The signed-in user and session for a token; throws 401 with the reason otherwise. */
    async verify(token: string): Promise<{ user: AuthUser; sessionId: string }> {
      const sid = await sessionIdOf(token);
      const cached = cache?.get(sid);
      if (cached) {
        if (Date.now() - cached.lastSeenAt >= LAST_SEEN_INTERVAL_MS) {
          await sessionRepository.touch(db, sid, LAST_SEEN_INTERVAL_MS);
          cached.lastSeenAt = Date.now();
        }
        return { user: cached.user, sessionId: sid };
      }
      const mark = cache?.mark() ?? 0;
      const live = await sessionRepository.findLive(db, sid);
      if (!live) throw unauthorized('Your session has ended, please sign in again');
      if (live.user.status !== 'active') throw unauthorized('This account is inactive');
      // Awaited, and only when the stored time is a minute old: one small write a minute per
      // session; the WHERE keeps parallel requests (and other instances) from writing twice.
      let seen = (live.session.lastSeenAt ?? live.session.createdAt).getTime();
      if (Date.now() - seen >= LAST_SEEN_INTERVAL_MS) {
        await sessionRepository.touch(db, sid, LAST_SEEN_INTERVAL_MS);
        seen = Date.now();
      }
      cache?.set(mark, { user: live.user, sessionId: sid, expiresAt: live.session.expiresAt.getTime(), lastSeenAt: seen });
      return { user: live.user, sessionId: sid };
    },

    revoke: (sessionId: string) => sessionRepository.revoke(db, sessionId),
    /**
     * `executor`: inside the caller's transaction (a suspension ends the sessions with the status
     * change). Answers the revoked ids, whose sockets the caller closes after the commit (closeSessionSockets).
     */
    revokeAllForUser: (userId: string, keep?: string, executor: Executor = db) => sessionRepository.revokeAllForUser(executor, userId, keep),
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
