import type { FastifyInstance } from 'fastify';
import type {
  BankingSettings, PaymentGatewaySettings, PerformerAccount, PerformerUpdate,
} from '../../../common/contract/performers';
import type { Executor } from '../../db/client';
import { badRequest, notFound } from '../../lib/http-error';
import type { AuthDeps } from '../auth/auth.service';
import { EMAIL_CHANGE_MESSAGES } from '../auth/email-change';
import { createAccountUpdater } from '../users/users.service';
import { toPerformerAccount } from './performer.dto';
import { toProfilePatch } from './performer-profile';
import { performersRepository } from './performers.repository';
import { readPayableRule } from './payable-creator';

export type PerformerDeps = AuthDeps & Pick<FastifyInstance, 'settings'>;

const PAYPAL_EMAIL_REQUIRED = 'Enter the PayPal email address payouts should go to';

/** The caller's profile row, locked for the transaction; it must exist before anything is written next to it. */
export async function lockProfile(tx: Executor, userId: string) {
  const row = await performersRepository.lockById(tx, userId);
  if (!row) throw notFound('Performer profile not found');
  return row;
}

/** The signed-in creator's own profile. Every method acts on the caller's id only. */
export function createPerformerAccountService(deps: PerformerDeps) {
  const { db, storage, settings } = deps;
  const updateAccount = createAccountUpdater(deps);

  async function load(userId: string): Promise<PerformerAccount> {
    // Settings first: on PGlite a settings read queued behind an open transaction would wait for it.
    const [freeSubscriptionEnabled, freeSubscriptionDuration, rule] = await Promise.all([
      settings.get('freeSubscriptionEnabled'),
      settings.get('freeSubscriptionDuration'),
      readPayableRule(settings),
    ]);
    const row = await performersRepository.findAccount(db, userId);
    if (!row) throw notFound('Performer profile not found');
    const ctx = { storage, webOrigin: deps.config.webOrigin, freeSubscriptionEnabled, freeSubscriptionDuration };
    const welcome = row.performer.welcomeVideoPath ? storage.publicUrl(row.performer.welcomeVideoPath) : null;
    return toPerformerAccount(ctx, row, welcome, rule);
  }

  return {
    me: load,

    /**
     * Account fields (shared with PUT /users) and profile fields in one transaction: all or nothing.
     * A new email waits for its link; `message` then says where the link went.
     */
    async update(userId: string, sessionId: string, body: PerformerUpdate): Promise<{ data: PerformerAccount; message?: string }> {
      const [min, max] = await Promise.all([settings.get('minimumSubscriptionPrice'), settings.get('maximumSubscriptionPrice')]);
      const patch = toProfilePatch(body, { min, max });
      const { name, username, email, password, currentPassword, twoFactorCode } = body;
      const account = { name, username, email, password, currentPassword, twoFactorCode };
      const { pendingEmail } = await updateAccount(userId, sessionId, account, async (tx) => {
        await lockProfile(tx, userId);
        if (Object.keys(patch).length) await performersRepository.update(tx, userId, patch);
      });
      const data = await load(userId);
      return pendingEmail ? { data, message: EMAIL_CHANGE_MESSAGES.sent(pendingEmail) } : { data };
    },

    async setBanking(userId: string, body: BankingSettings): Promise<PerformerAccount> {
      await db.transaction(async (tx) => {
        await lockProfile(tx, userId);
        await performersRepository.upsertBanking(tx, userId, {
          firstName: body.firstName.trim(),
          lastName: body.lastName.trim(),
          bankName: body.bankName.trim(),
          accountNumber: body.accountNumber.trim(),
          routingNumber: body.routingNumber?.trim() ?? '',
          swiftCode: body.swiftCode?.toUpperCase() ?? '',
          country: body.country.toUpperCase(),
          address: body.address?.trim() ?? '',
        });
      });
      return load(userId);
    },

    async setPaymentGateway(userId: string, body: PaymentGatewaySettings): Promise<PerformerAccount> {
      if (body.payoutMethod === 'paypal' && !body.paypalEmail) {
        throw badRequest(PAYPAL_EMAIL_REQUIRED, [{ field: 'paypalEmail', message: PAYPAL_EMAIL_REQUIRED }]);
      }
      await db.transaction(async (tx) => {
        await lockProfile(tx, userId);
        await performersRepository.upsertPaymentSettings(tx, userId, {
          payoutMethod: body.payoutMethod as 'bank_transfer' | 'paypal',
          paypalEmail: body.paypalEmail?.toLowerCase() ?? null,
        });
      });
      return load(userId);
    },
  };
}
