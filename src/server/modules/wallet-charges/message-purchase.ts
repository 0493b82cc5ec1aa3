import type { FastifyInstance } from 'fastify';
import { fromCents } from '../../../common/lib/money';
import { NOT_AVAILABLE_MESSAGE } from '../../../common/contract/social';
import type { MessagePurchaseResult } from '../../../common/contract/messaging';
import { forbidden, notFound, unprocessable } from '../../lib/http-error';
import { blockingRepository } from '../blocking/blocking.repository';
import type { Viewer } from '../blocking/viewer';
import { notifyWalletBalances } from '../ledger/balance-events';
import { accountKey, walletOf } from '../ledger/ledger.repository';
import { sellOnce } from './sell-once';
import { tellCreatorOfSale } from './sale-notice';
import { readPayableRule, requirePayableCreator } from '../performers/payable-creator';
import { messagingRepository } from '../messaging/messaging.repository';
import { requireUuid } from '../../shared/ids';

const NOT_FOUND = 'Message not found';

/**
 * `POST /wallet/charges/message/:id`: a member of the conversation pays for a paid message sent
 * to them, exactly as posts, videos and galleries are bought (one transaction: the payable-creator
 * check, which also locks the creator's row against a concurrent block, entitlement first as the
 * serialisation point, then the sale; 402 with `missingAmount` when short, 409 when bought
 * already, 422 while the creator is not verified). Answers the message, now unlocked.
 */
export function createMessagePurchase(app: FastifyInstance) {
  return async function buyMessage(viewer: Viewer & { userId: string }, id: string): Promise<MessagePurchaseResult> {
    const messageId = requireUuid(id);
    const [siteCommission, rule] = await Promise.all([app.settings.get('performerCommission'), readPayableRule(app.settings)]);
    const { posted, row } = await app.db.transaction(async (tx) => {
      const message = await messagingRepository.findMessage(tx, messageId);
      const member = message && (await messagingRepository.member(tx, message.conversationId, viewer.userId));
      if (!message || !member || message.isDeleted) throw notFound(NOT_FOUND);
      if (message.senderId === viewer.userId) throw unprocessable('You cannot buy your own message');
      if (message.priceCents <= 0) throw unprocessable('This message is free');
      await requirePayableCreator(tx, message.senderId, rule);
      if (await blockingRepository.isBlocked(tx, message.senderId, viewer)) throw forbidden(NOT_AVAILABLE_MESSAGE);
      const sale = await sellOnce(tx, {
        kind: 'message',
        userId: viewer.userId,
        performerId: message.senderId,
        objectId: message.id,
        grossCents: message.priceCents,
        siteCommission,
        description: 'Purchase of a message',
      });
      await tellCreatorOfSale(app, tx, {
        kind: 'message', performerId: message.senderId, buyerId: viewer.userId, grossCents: message.priceCents,
        title: message.text, link: `/messages?conversationId=${message.conversationId}`,
      });
      return { posted: sale, row: message };
    });
    notifyWalletBalances(app, posted.balances);
    const [view] = await app.messaging.messageViews(app.db, viewer.userId, [row]);
    return {
      transactionId: posted.id,
      balance: fromCents(posted.balances.get(accountKey(walletOf(viewer.userId))) ?? 0),
      amount: fromCents(row.priceCents),
      item: { type: 'message', id: row.id },
      message: view,
    };
  };
}
