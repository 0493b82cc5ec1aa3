import type { FastifyInstance } from 'fastify';
import type { DeleteAccountBody, DeletionCheck } from '../../../common/contract/account-data';
import { userRoom } from '../../../common/contract/realtime';
import { fromCents } from '../../../common/lib/money';
import type { Executor } from '../../db/client';
import { badRequest, conflict, notFound, unprocessable } from '../../lib/http-error';
import { addressesAccount } from '../addresses/addresses-account';
import { assertReauthenticated } from '../auth/reauth';
import { signInAccount } from '../auth/sign-in-account';
import { commentsAccount } from '../comments/comments-account';
import { removeAllFollowsOf } from '../follows/follows-account';
import { notificationsErasure } from '../notifications/notifications-erasure';
import { ledgerExport } from '../ledger/ledger-export';
import { paymentsAccount } from '../payments/payments-account';
import { pendingPayoutCents } from '../payouts/payouts-account';
import { performerErasure } from '../performers/performer-erasure';
import { subscriptionsAccount } from '../subscriptions/subscriptions-account';
import { accountErasure } from '../users/account-erasure';
import { createCreatorContentRemover } from './creator-content';
import type { DataExports } from './data-export.service';
import { readAll } from '../../db/reads';

export const DELETION_MESSAGES = {
  missingPassword: 'Enter your password to delete your account',
  pendingPayout: 'A payout request is pending. Wait until it has been paid or rejected, or cancel it, before deleting your account.',
  forfeit: 'Your account still holds money that will be lost. Confirm that you understand before deleting it.',
  admin: 'Operator accounts cannot be deleted here: ask another operator to remove your operator role first',
} as const;

type Deps = Pick<FastifyInstance, 'db' | 'config' | 'storage' | 'media' | 'settings' | 'tokens' | 'io' | 'log' | 'payments' | 'notifications' | 'changeCaches'>;

/**
 * Deleting one's own account (issue 15 section 5). Confirmed with the current password (or, for a
 * social sign-in account, a sign-in of the last 10 minutes: `assertReauthenticated`). Refused with
 * 409 while a payout request is pending; wallet tokens and unpaid earnings are forfeited and the
 * request must acknowledge that (422 otherwise). One transaction erases the personal data (the
 * users row is kept, anonymised, because ledger transactions and orders name it), the creator
 * profile's personal fields, banking and payout settings, addresses, sign-in data, follows and
 * notifications (received, and those the person's actions caused),
 * ends every subscription on both sides and revokes every session. After the commit: the sockets
 * are closed, stored images, documents, comment images and exports deleted, the creator's content removed through
 * each content service, and gateway subscriptions (Stripe) told to stop renewing.
 */
export function createAccountDeletion(app: Deps, exports: DataExports) {
  const { db } = app;
  const content = createCreatorContentRemover(app);

  async function check(userId: string, tx: Executor = db): Promise<DeletionCheck> {
    const user = await accountErasure.find(tx, userId);
    if (!user || user.deletedAt) throw notFound('Account not found');
    const [balances, pending, active] = await readAll(tx,
      () => ledgerExport.balances(tx, userId), () => pendingPayoutCents(tx, userId), () => subscriptionsAccount.active(tx, userId),
    );
    return {
      unpaidEarnings: fromCents(balances.earnings),
      pendingPayouts: fromCents(pending),
      walletBalance: fromCents(balances.wallet),
      activeSubscriptions: active.asFan,
      activeSubscribers: active.asCreator,
      hasPassword: Boolean(user.passwordHash),
      canDelete: pending === 0 && user.role !== 'admin',
      forfeits: balances.earnings > 0 || balances.wallet > 0,
    };
  }

  return {
    check: (userId: string) => check(userId),

    async remove(userId: string, sessionId: string | null, body: DeleteAccountBody): Promise<void> {
      const user = await accountErasure.find(db, userId);
      if (!user || user.deletedAt) throw notFound('Account not found');
      if (user.passwordHash && !body.currentPassword && !body.twoFactorCode) {
        throw badRequest(DELETION_MESSAGES.missingPassword, [{ field: 'currentPassword', message: DELETION_MESSAGES.missingPassword }]);
      }
      await assertReauthenticated(app, { id: user.id, passwordHash: user.passwordHash, sessionId }, body);
      if (user.role === 'admin') throw unprocessable(DELETION_MESSAGES.admin);

      const { files, commentImages, gatewaySubs } = await db.transaction(async (tx) => {
        const locked = await accountErasure.lock(tx, userId);
        if (!locked || locked.deletedAt) throw notFound('Account not found');
        // Read under the lock: a payout or a sale racing the deletion is seen or waits.
        const state = await check(userId, tx);
        if (state.pendingPayouts > 0) throw conflict(DELETION_MESSAGES.pendingPayout);
        if (state.forfeits && body.acknowledgeForfeit !== true) {
          throw unprocessable(DELETION_MESSAGES.forfeit, [{ field: 'acknowledgeForfeit', message: DELETION_MESSAGES.forfeit }]);
        }
        const keys = [...(await accountErasure.anonymise(tx, locked)), ...(await performerErasure.erase(tx, userId))];
        await addressesAccount.removeAll(tx, userId);
        await signInAccount.erase(tx, userId);
        await paymentsAccount.eraseDetails(tx, userId);
        await removeAllFollowsOf(tx, userId);
        await notificationsErasure.eraseAll(tx, userId);
        const subs = await subscriptionsAccount.endAll(tx, userId);
        await app.tokens.revokeAllForUser(userId, undefined, tx);
        return { files: keys, commentImages: await commentsAccount.imageIds(tx, userId), gatewaySubs: subs };
      });

      // The account is deleted from here on: what follows is clean-up that logs its failures
      // instead of answering 500 for a deletion that happened.
      app.io.in(userRoom(userId)).disconnectSockets(true);
      for (const key of files) await app.storage.delete(key).catch((err) => app.log.warn({ err, key }, 'could not delete a deleted account\'s file'));
      await app.media.remove(commentImages).catch((err) => app.log.error({ err, userId }, 'could not delete a deleted account\'s comment images'));
      await exports.removeAllOf(userId).catch((err) => app.log.error({ err, userId }, 'could not delete a deleted account\'s exports'));
      if (user.role === 'performer') await content.removeAll(userId).catch((err) => app.log.error({ err, userId }, 'could not remove a deleted creator\'s content'));
      const billing = app.payments.gateway.recurring;
      for (const sub of gatewaySubs) {
        if (!billing || sub.gateway !== app.payments.gateway.name) continue;
        await billing.setCancelAtPeriodEnd(sub.id, true).catch((err) => app.log.error({ err, subscription: sub.id }, 'could not stop a deleted account\'s gateway subscription'));
      }
    },
  };
}
