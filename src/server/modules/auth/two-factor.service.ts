import { generateSecret, generateURI } from 'otplib';
import QRCode from 'qrcode';
import type { FastifyInstance } from 'fastify';
import type {
  DisableTwoFactorBody,
  EnableTwoFactorBody,
  TwoFactorSetup,
  TwoFactorStatus,
  VerifyTwoFactorBody,
} from '../../../common/contract/account-security';
import type { TokenResult } from '../../../common/contract/auth';
import { badRequest, conflict, forbidden, unauthorized } from '../../lib/http-error';
import { admitSuspended } from '../users/account-status.service';
import { usersRepository } from '../users/users.repository';
import { MESSAGES, type ClientMeta } from './auth.service';
import * as loginThrottle from './login-throttle';
import { acceptPassword, checkPassword } from './password';
import { assertReauthenticated } from './reauth';
import { hashRecoveryCode, matchTotp, newRecoveryCodes, useTwoFactorCode } from './two-factor-codes';
import { twoFactorRepository } from './two-factor.repository';

export type TwoFactorDeps = Pick<FastifyInstance, 'db' | 'config' | 'tokens' | 'settings'>;

export const TWO_FACTOR_MESSAGES = {
  badCode: 'That code is not right. Enter the current 6-digit code from your authenticator app, or an unused recovery code.',
  badPassword: 'Your password is incorrect',
  alreadyOn: 'Two-factor sign-in is already on',
  notOn: 'Two-factor sign-in is not on',
  setUpFirst: 'Start the set-up again: there is no pending secret to confirm',
  proofNeeded: 'Enter a code from your authenticator app, a recovery code or your password',
  oneProof: 'Send either a code or your password, not both',
} as const;

const badCode = (message: string = TWO_FACTOR_MESSAGES.badCode) => badRequest(message, [{ field: 'code', message }]);

/** Two-factor sign-in with TOTP: set-up, confirmation with recovery codes, sign-in's second step, turning it off. */
export function createTwoFactorService(deps: TwoFactorDeps) {
  const { db, config, tokens } = deps;

  async function state(userId: string) {
    const row = await twoFactorRepository.find(db, userId);
    if (!row) throw unauthorized();
    return row;
  }

  return {
    async status(userId: string): Promise<TwoFactorStatus> {
      const row = await state(userId);
      const enabled = Boolean(row.enabledAt);
      return {
        enabled,
        enabledAt: row.enabledAt?.toISOString() ?? null,
        recoveryCodesLeft: enabled ? await twoFactorRepository.countUnusedCodes(db, userId) : 0,
        hasPassword: Boolean(row.passwordHash),
      };
    },

    /** A new secret each time (the previous unconfirmed one stops working); 2FA stays off until `enable`. */
    async setup(user: { id: string; email: string | null; username: string | null; name: string }): Promise<TwoFactorSetup> {
      const secret = generateSecret();
      if (!(await twoFactorRepository.setPendingSecret(db, user.id, tokens.sealer.seal(secret)))) {
        throw conflict(TWO_FACTOR_MESSAGES.alreadyOn);
      }
      const otpauthUrl = generateURI({
        issuer: await deps.settings.get('siteName'),
        label: user.email ?? user.username ?? user.name,
        secret,
      });
      const qrCode = await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 240, errorCorrectionLevel: 'M' });
      return { secret, otpauthUrl, qrCode };
    },

    /** The first code of the new secret turns 2FA on; the ten recovery codes are answered once, only hashes kept. */
    async enable(user: { id: string; passwordHash: string | null }, sessionId: string | null, body: EnableTwoFactorBody) {
      const row = await state(user.id);
      if (row.enabledAt) throw conflict(TWO_FACTOR_MESSAGES.alreadyOn);
      if (!row.secret) throw conflict(TWO_FACTOR_MESSAGES.setUpFirst);
      // A stolen token alone must not be able to put its holder's authenticator on the account.
      await assertReauthenticated(deps, { id: user.id, passwordHash: row.passwordHash, sessionId }, { currentPassword: body.currentPassword });
      const secret = tokens.sealer.open(row.secret);
      const step = secret ? await matchTotp(secret, body.code, null) : null;
      if (step === null) throw badCode('That code is not right. Enter the 6-digit code your authenticator app shows now.');
      const codes = newRecoveryCodes();
      await db.transaction(async (tx) => {
        // The step of the confirming code counts as used: it cannot sign in a second time.
        if (!(await twoFactorRepository.enable(tx, user.id, row.secret!, step))) throw conflict(TWO_FACTOR_MESSAGES.setUpFirst);
        await twoFactorRepository.replaceRecoveryCodes(tx, user.id, codes.map(hashRecoveryCode));
      });
      return { recoveryCodes: codes };
    },

    /**
     * Off with a code (TOTP or recovery) or the current password. Wrong proofs count toward the
     * account's sign-in throttle: this is a guessing surface for whoever holds a stolen token.
     */
    async disable(userId: string, body: DisableTwoFactorBody) {
      if (body.code && body.password) throw badRequest(TWO_FACTOR_MESSAGES.oneProof, [{ field: 'code', message: TWO_FACTOR_MESSAGES.oneProof }]);
      if (!body.code && !body.password) throw badRequest(TWO_FACTOR_MESSAGES.proofNeeded, [{ field: 'code', message: TWO_FACTOR_MESSAGES.proofNeeded }]);
      const row = await state(userId);
      if (!row.enabledAt) throw conflict(TWO_FACTOR_MESSAGES.notOn);
      const password = body.password !== undefined ? acceptPassword(config.clientHashPassword, body.password) : undefined;
      await loginThrottle.beginAttempt(db, userId);
      if (password !== undefined) {
        if (!(await checkPassword(row.passwordHash, password))) {
          throw badRequest(TWO_FACTOR_MESSAGES.badPassword, [{ field: 'password', message: TWO_FACTOR_MESSAGES.badPassword }]);
        }
      } else if (!(await useTwoFactorCode(deps, userId, body.code!))) {
        throw badCode();
      }
      await db.transaction(async (tx) => {
        await twoFactorRepository.disable(tx, userId);
        await loginThrottle.clear(tx, userId);
      });
    },

    /** Second step of a sign-in: the challenge (password already right) and a code give the session token. */
    async verify(body: VerifyTwoFactorBody, meta: ClientMeta): Promise<TokenResult> {
      const { userId, remember } = await tokens.readChallenge(body.challenge);
      // Counted before the check (429 once the account is locked); the right code clears it.
      await loginThrottle.beginAttempt(db, userId);
      if (!(await useTwoFactorCode(deps, userId, body.code))) throw badCode();
      await loginThrottle.clear(db, userId);
      // The account may have changed in the five minutes since the password was checked.
      const found = await usersRepository.findById(db, userId);
      const account = found && (await admitSuspended(db, found));
      if (!account || account.status !== 'active') throw forbidden(MESSAGES.inactive);
      const { token } = await tokens.issue(userId, remember, meta);
      return { token, message: MESSAGES.signedIn };
    },
  };
}
