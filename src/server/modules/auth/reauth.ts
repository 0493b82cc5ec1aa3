import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../lib/http-error';
import * as loginThrottle from './login-throttle';
import { acceptPassword, checkPassword } from './password';
import { sessionRepository } from './session.repository';
import { useTwoFactorCode } from './two-factor-codes';
import { twoFactorRepository } from './two-factor.repository';

export type ReauthDeps = Pick<FastifyInstance, 'db' | 'config' | 'tokens'>;

/** Who is changing their credentials: the account row's hash and the session the request came with. */
export interface ReauthSubject {
  id: string;
  /** null for accounts created through social sign-in that never set a password. */
  passwordHash: string | null;
  /** The caller's session (request.sessionId). */
  sessionId: string | null;
}

/** What the person gave to prove they are the account's owner, not only the holder of its token. */
export interface ReauthProof {
  currentPassword?: string;
  /** A fresh two-factor code: the alternative to the password (see `proofByTwoFactor` below). */
  twoFactorCode?: string;
}

/** An account without a password proves itself by a sign-in this recent. */
export const RECENT_SIGN_IN_MS = 10 * 60_000;

export const REAUTH_MESSAGES = {
  missing: 'Enter your current password to change your password or email',
  wrong: 'Your current password is incorrect',
  signInAgain: 'For your security, sign in again to confirm this change',
} as const;

const fail = (message: string) => badRequest(message, [{ field: 'currentPassword', message }]);

/**
 * The single place for the second proof (issue 15: "the current password or a fresh 2FA code"):
 * a current TOTP code or an unused recovery code of an account with 2FA on, used up by this check.
 * A wrong code is answered like a missing password (field `currentPassword`), so the form asks
 * for the password, not a second code.
 */
async function proofByTwoFactor(deps: ReauthDeps, user: ReauthSubject, code: string | undefined): Promise<boolean> {
  if (!code) return false;
  await loginThrottle.beginAttempt(deps.db, user.id);
  if (!(await useTwoFactorCode(deps, user.id, code))) return false;
  await loginThrottle.clear(deps.db, user.id);
  return true;
}

/**
 * Every route that changes a password or an email calls this first: a stolen token alone must not
 * be enough to take the account over. Throws 400 with field `currentPassword` (missing, wrong, or
 * for an account without a password a session older than RECENT_SIGN_IN_MS); writes nothing.
 *
 * Accounts without a password (social sign-in) cannot give one: for them a sign-in within the
 * last 10 minutes is the proof, as "sign in again to confirm" on the big platforms.
 */
export async function assertReauthenticated(deps: ReauthDeps, user: ReauthSubject, proof: ReauthProof): Promise<void> {
  if (await proofByTwoFactor(deps, user, proof.twoFactorCode)) return;

  if (!user.passwordHash) {
    const live = user.sessionId ? await sessionRepository.findLive(deps.db, user.sessionId) : null;
    const fresh = live && live.session.userId === user.id && Date.now() - live.session.createdAt.getTime() <= RECENT_SIGN_IN_MS;
    if (!fresh) throw fail(REAUTH_MESSAGES.signInAgain);
    return;
  }

  if (!proof.currentPassword) throw fail(REAUTH_MESSAGES.missing);
  const given = acceptPassword(deps.config.clientHashPassword, proof.currentPassword, 'currentPassword');
  // Guesses of the current password count in the account's sign-in throttle (login-throttle.ts),
  // so a stolen token cannot be used to try passwords faster than the login form allows.
  await loginThrottle.beginAttempt(deps.db, user.id);
  if (!(await checkPassword(user.passwordHash, given))) throw fail(REAUTH_MESSAGES.wrong);
  // As at sign-in: with 2FA on, only a right code clears the count.
  if (!(await twoFactorRepository.find(deps.db, user.id))?.enabledAt) await loginThrottle.clear(deps.db, user.id);
}
