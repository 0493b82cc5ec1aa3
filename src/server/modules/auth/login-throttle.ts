/**
 * Per-account sign-in throttle (issue 15 §2), independent of the IP address: rotating IPs or
 * forwarded headers do not reset it. Counted per account in `login_throttles`.
 *
 * The rules (named constants below):
 * - The first FREE_FAILURES (5) failures in a row are answered at once (401 as before).
 * - After that, each further attempt must wait a growing delay after the last failure:
 *   BASE_DELAY_SECONDS * 2^(failures - FREE_FAILURES) = 1 s after the 5th, 2 s, 4 s, 8 s, 16 s after the 9th.
 *   An attempt inside the delay is NOT held (no server-side sleep): it is answered at once with 429
 *   and `Retry-After`, and the password is not even checked, so guesses inside it cost nothing.
 * - The LOCK_AFTER_FAILURES-th (10th) failure locks the account for LOCK_MINUTES (15): every
 *   attempt, even with the right password, gets 429 + `Retry-After` and LOCKED_MESSAGE. When the
 *   lock ends one more attempt is allowed; if it fails too, the lock starts again.
 * - A successful sign-in (password, or the 2FA code when 2FA is on) and a successful password
 *   reset delete the row (`clear`).
 * - Unknown usernames/emails create no row and are never throttled here (the IP rate limit still
 *   applies): they get the same 401 as a wrong password. A 429 from this throttle does reveal that
 *   the account exists; we accept that, because usernames are public profile addresses and sign-up
 *   already answers "taken" for a used username or email.
 *
 * Use (the 2FA verify route does the same with its code):
 *   await beginAttempt(db, userId);   // 429 when locked or inside the delay; else counts this attempt as failed
 *   ...check the password / code...   // on failure: nothing more to do, it is already counted
 *   await clear(db, userId);          // on success
 * `beginAttempt` counts before checking, in one statement with the check, so N parallel wrong
 * attempts are all counted and cannot all slip through the delay before any is recorded. The pair
 * `assertOpen` (read-only check) + `recordFailure` (after a failed check) gives the same rules for
 * callers whose check is instant; it is weaker against parallel bursts.
 */
import type { Executor } from '../../db/client';
import { tooManyRequests } from '../../lib/http-error';
import { loginThrottleRepository, type LoginThrottleRow, type ThrottleRules } from './login-throttle.repository';

/** Failures in a row that are answered without any delay. */
export const FREE_FAILURES = 5;
/** The delay after the first failure beyond FREE_FAILURES; it doubles with every further failure. */
export const BASE_DELAY_SECONDS = 1;
/** The failure (in a row) that locks the account. */
export const LOCK_AFTER_FAILURES = 10;
export const LOCK_MINUTES = 15;

const RULES: ThrottleRules = {
  freeFailures: FREE_FAILURES,
  baseDelaySeconds: BASE_DELAY_SECONDS,
  lockAfter: LOCK_AFTER_FAILURES,
  lockMs: LOCK_MINUTES * 60_000,
};

export const lockedMessage = (minutes: number) =>
  `Too many failed sign-ins for this account. Try again in ${minutes} minute${minutes === 1 ? '' : 's'} or reset your password.`;
export const slowDownMessage = (seconds: number) =>
  `Too many failed sign-ins for this account. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;

/** Seconds an account with `failures` failures in a row must wait after the last one (0 = none). */
export function delaySeconds(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return BASE_DELAY_SECONDS * 2 ** (Math.min(failures, LOCK_AFTER_FAILURES) - FREE_FAILURES);
}

/** When the account opens again, or null when it is open at `now`. */
export function blockedUntil(row: LoginThrottleRow | null, now = new Date()): { until: Date; locked: boolean } | null {
  if (!row) return null;
  if (row.lockedUntil && row.lockedUntil > now) return { until: row.lockedUntil, locked: true };
  const wait = delaySeconds(row.failures);
  if (wait > 0 && row.lastFailureAt) {
    const until = new Date(row.lastFailureAt.getTime() + wait * 1000);
    if (until > now) return { until, locked: false };
  }
  return null;
}

function refuse(block: { until: Date; locked: boolean }, now: Date): never {
  const seconds = Math.max(1, Math.ceil((block.until.getTime() - now.getTime()) / 1000));
  throw tooManyRequests(block.locked ? lockedMessage(Math.ceil(seconds / 60)) : slowDownMessage(seconds), seconds);
}

/** Failed sign-ins in a row for the account (0 when none are counted). */
export async function failuresOf(db: Executor, userId: string): Promise<number> {
  return (await loginThrottleRepository.find(db, userId))?.failures ?? 0;
}

/** Throws 429 with `Retry-After` when the account is locked or inside its delay; changes nothing. */
export async function assertOpen(db: Executor, userId: string, now = new Date()): Promise<void> {
  const block = blockedUntil(await loginThrottleRepository.find(db, userId), now);
  if (block) refuse(block, now);
}

/**
 * Checks and counts in one statement: 429 (with `Retry-After`) when the account is not open,
 * otherwise this attempt is recorded as a failure until `clear` is called on success.
 */
export async function beginAttempt(db: Executor, userId: string, now = new Date()): Promise<void> {
  const row = await loginThrottleRepository.addFailure(db, userId, now, RULES, true);
  if (row) return;
  // Not open: say for how long (read again; the row exists, or the UPSERT would have inserted).
  const block = blockedUntil(await loginThrottleRepository.find(db, userId), now);
  refuse(block ?? { until: new Date(now.getTime() + 1000), locked: false }, now);
}

/** Counts one failed attempt (atomic UPSERT); the LOCK_AFTER_FAILURES-th locks the account. */
export async function recordFailure(db: Executor, userId: string, now = new Date()): Promise<void> {
  await loginThrottleRepository.addFailure(db, userId, now, RULES, false);
}

/** After a successful sign-in or password reset: the account starts from zero. */
export const clear = (db: Executor, userId: string) => loginThrottleRepository.clear(db, userId);
