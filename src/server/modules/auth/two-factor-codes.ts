import crypto from 'node:crypto';
import { verify as verifyTotp } from 'otplib';
import type { Executor } from '../../db/client';
import type { Sealer } from '../../lib/sealed-text';
import { RECOVERY_CODE_COUNT } from '../../../common/contract/account-security';
import { twoFactorRepository } from './two-factor.repository';

export interface CodeDeps {
  db: Executor;
  tokens: { sealer: Sealer };
}

/**
 * One 30-second step either side of now: phones drift and people type slowly. The step a code
 * matched is stored (`users.two_factor_last_step`), so each code works once however wide the window.
 */
const EPOCH_TOLERANCE_SECONDS = 30;
const TOTP_PATTERN = /^\d{6}$/;
// No 0/o, 1/l/i: recovery codes get written down and typed back.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const compact = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();

/** The step a TOTP code matched, or null; `afterStep` refuses that step and earlier ones. */
export async function matchTotp(secret: string, code: string, afterStep: number | null): Promise<number | null> {
  const token = compact(code);
  if (!TOTP_PATTERN.test(token)) return null;
  const result = await verifyTotp({
    secret,
    token,
    epochTolerance: EPOCH_TOLERANCE_SECONDS,
    ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
  });
  // The TOTP strategy's result carries the matched step (the HOTP one of the shared type does not).
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** Ten codes of 10 characters (about 49.5 bits each), shown as `xxxxx-xxxxx`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[crypto.randomInt(RECOVERY_ALPHABET.length)]);
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
  });
}

/** Codes are random and long, so a plain SHA-256 suffices (as for email link tokens); no salt needed. */
export const hashRecoveryCode = (code: string) => crypto.createHash('sha256').update(compact(code)).digest('hex');

/**
 * Accepts a TOTP code (each time step once) or an unused recovery code (then used up) of an account
 * with 2FA on. False for a wrong, replayed or used code, and for an account with 2FA off.
 */
export async function useTwoFactorCode(deps: CodeDeps, userId: string, code: string): Promise<boolean> {
  const state = await twoFactorRepository.find(deps.db, userId);
  if (!state?.enabledAt || !state.secret) return false;
  if (TOTP_PATTERN.test(compact(code))) {
    const secret = deps.tokens.sealer.open(state.secret);
    if (!secret) return false;
    const step = await matchTotp(secret, code, state.lastStep);
    // The conditional update settles two requests racing with the same code: only one moves the step.
    return step !== null && (await twoFactorRepository.advanceStep(deps.db, userId, step));
  }
  return twoFactorRepository.useRecoveryCode(deps.db, userId, hashRecoveryCode(code));
}
