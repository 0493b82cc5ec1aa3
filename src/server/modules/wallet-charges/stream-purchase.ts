import type { FastifyInstance } from 'fastify';
import { fromCents } from '../../../common/lib/money';
import { NOT_AVAILABLE_MESSAGE } from '../../../common/contract/social';
import type { StreamPurchaseResult } from '../../../common/contract/streaming';
import { forbidden, notFound, unprocessable } from '../../lib/http-error';
import { blockingRepository } from '../blocking/blocking.repository';
import type { Viewer } from '../blocking/viewer';
import { notifyWalletBalances } from '../ledger/balance-events';
import { accountKey, walletOf } from '../ledger/ledger.repository';
import { sellOnce } from './sell-once';
import { tellCreatorOfSale } from './sale-notice';
import { readPayableRule, requirePayableCreator } from '../performers/payable-creator';
import { requireLive } from '../streaming/live-switch';
import { streamingRepository } from '../streaming/streaming.repository';
import { lockPrivateShowForTicket, recordPrivateShowSale } from '../streaming/private-show-money';
import { requireUuid } from '../../shared/ids';

const NOT_FOUND = 'Stream not found';

/**
 * `POST /wallet/charges/stream/:id`: a ticket for a running `sale` stream, bought exactly as a
 * paid message is (one transaction: the payable-creator check, which also locks the creator's
 * row against a concurrent block, entitlement first as the serialisation point, then the sale;
 * 402 with `missingAmount` when short, 409 when bought already, 422 when the stream is not for
 * sale or has ended or the creator is not verified). A ticket is for that one session. Answers
 * the stream, now watchable. A private show's stream sells its one ticket to its fan only
 * (README "Private shows").
 */
export function createStreamPurchase(app: FastifyInstance) {
  return async function buyStream(viewer: Viewer & { userId: string }, id: string): Promise<StreamPurchaseResult> {
    await requireLive(app);
    const streamId = requireUuid(id);
    const [siteCommission, rule] = await Promise.all([app.settings.get('performerCommission'), readPayableRule(app.settings)]);
    const { posted, priceCents } = await app.db.transaction(async (tx) => {
      const found = await streamingRepository.byId(tx, streamId);
      if (!found) throw notFound(NOT_FOUND);
      const { stream } = found;
      if (stream.performerId === viewer.userId) throw unprocessable('You cannot buy a ticket to your own stream');
      // A private show's stream: nobody but its fan sees it; its request is locked first (see there).
      const privateShow = await lockPrivateShowForTicket(tx, stream, viewer.userId, NOT_FOUND);
      await requirePayableCreator(tx, stream.performerId, rule, NOT_FOUND);
      if (await blockingRepository.isBlocked(tx, stream.performerId, viewer)) throw forbidden(NOT_AVAILABLE_MESSAGE);
      if (!stream.isStreaming) throw unprocessable('This stream has ended');
      if (stream.access !== 'sale' || stream.priceCents <= 0) {
        throw unprocessable(stream.access === 'free' ? 'This stream is free' : 'This stream is for subscribers only, not for sale');
      }
      const sale = await sellOnce(tx, {
        kind: 'stream',
        userId: viewer.userId,
        performerId: stream.performerId,
        objectId: stream.id,
        grossCents: stream.priceCents,
        siteCommission,
        description: privateShow ? 'Private show' : 'Ticket to a live stream',
      });
      if (privateShow) await recordPrivateShowSale(tx, privateShow, sale.id);
      await tellCreatorOfSale(app, tx, {
        kind: 'stream', performerId: stream.performerId, buyerId: viewer.userId, grossCents: stream.priceCents,
        title: privateShow ? 'Private show' : stream.title,
      });
      return { posted: sale, priceCents: stream.priceCents };
    });
    notifyWalletBalances(app, posted.balances);
    const row = await streamingRepository.byId(app.db, streamId);
    if (!row) throw notFound(NOT_FOUND);
    return {
      transactionId: posted.id,
      balance: fromCents(posted.balances.get(accountKey(walletOf(viewer.userId))) ?? 0),
      amount: fromCents(priceCents),
      item: { type: 'stream', id: streamId },
      stream: await app.streaming.viewOf(app.db, viewer, row),
    };
  };
}
