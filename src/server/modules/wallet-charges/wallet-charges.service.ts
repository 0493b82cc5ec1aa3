import type { FastifyInstance } from 'fastify';
import { fromCents } from '../../../common/lib/money';
import { NOT_AVAILABLE_MESSAGE } from '../../../common/contract/social';
import {
  CHARGE_TYPES,
  type ChargeSearchQuery,
  type PurchasableType,
  type PurchaseResult,
  type TipBody,
  type TipResult,
  type WalletCharge,
} from '../../../common/contract/wallet-charges';
import type { Executor } from '../../db/client';
import { forbidden, notFound, unprocessable } from '../../lib/http-error';
import { blockingRepository } from '../blocking/blocking.repository';
import type { Viewer } from '../blocking/viewer';
import { contentAccessRepository } from '../content/content-access.repository';
import { contentTitle } from '../content/content-access.service';
import { notifyWalletBalances } from '../ledger/balance-events';
import { commissionBasisPoints } from '../ledger/commission.repository';
import { accountKey, walletOf } from '../ledger/ledger.repository';
import { postSale } from '../ledger/sales';
import { mediaRepository } from '../media/media.repository';
import { toUserPublic } from '../users/user-public.dto';
import { videosRepository } from '../videos/videos.repository';
import { readPayableRule, requirePayableCreator, type PayableRule } from '../performers/payable-creator';
import { tipCents, tipMessage } from './charge-rules';
import { dateFilter } from '../../shared/date-filter';
import { sellOnce } from './sell-once';
import { tellCreatorOfSale } from './sale-notice';
import { walletChargesRepository } from './wallet-charges.repository';
import { requireUuid } from '../../shared/ids';

type SignedIn = Viewer & { userId: string };

const NOUN: Record<PurchasableType, string> = { feed: 'post', video: 'video', gallery: 'gallery' };
const NOT_FOUND: Record<PurchasableType, string> = { feed: 'Post not found', video: 'Video not found', gallery: 'Gallery not found' };

/**
 * The creator a charge pays, inside the charge's transaction: the payable-creator check (404
 * unless an active performer, 422 while unverified), then 403 when they blocked the payer's
 * account or country. The check's 'key share' row lock keeps a concurrent block from interleaving
 * and does not make charges to one creator wait for each other.
 */
async function requireCreatorFor(tx: Executor, performerId: string, viewer: SignedIn, rule: PayableRule): Promise<void> {
  await requirePayableCreator(tx, performerId, rule);
  if (await blockingRepository.isBlocked(tx, performerId, viewer)) throw forbidden(NOT_AVAILABLE_MESSAGE);
}

/** The videos module's rule: a video whose main file is not ready is not shown (nor sold) to fans. */
async function videoReady(tx: Executor, id: string): Promise<boolean> {
  const row = await videosRepository.findById(tx, id);
  const main = row?.fileId ? await mediaRepository.findById(tx, row.fileId) : null;
  return main?.status === 'ready';
}

/**
 * Tips and pay-per-view purchases from the fan's wallet (DESIGN.md section 4 Money). Each is one
 * database transaction: checks, the sale posting (402 when the wallet is short) and, for a
 * purchase, the entitlement, so a refused request writes nothing. Settings are read before the
 * transaction opens.
 */
export function createWalletChargesService(app: FastifyInstance) {
  const urls = { storage: app.storage, webOrigin: app.config.webOrigin };

  const walletAfter = (balances: Map<string, number>, userId: string) => fromCents(balances.get(accountKey(walletOf(userId))) ?? 0);

  return {
    async tip(viewer: SignedIn, performerIdParam: string, body: TipBody): Promise<TipResult> {
      const [min, max, siteCommission, rule] = await Promise.all([
        app.settings.get('minimumTipPrice'),
        app.settings.get('maximumTipPrice'),
        app.settings.get('performerCommission'),
        readPayableRule(app.settings),
      ]);
      const grossCents = tipCents(body.amount, { min, max });
      const message = tipMessage(body.message);
      const performerId = requireUuid(performerIdParam, 'performerId');
      if (performerId === viewer.userId) throw unprocessable('You cannot tip yourself');
      const result = await app.db.transaction(async (tx) => {
        await requireCreatorFor(tx, performerId, viewer, rule);
        const sale = await postSale(tx, {
          kind: 'tip',
          userId: viewer.userId,
          performerId,
          grossCents,
          commissionBasisPoints: await commissionBasisPoints(tx, siteCommission, performerId),
          objectType: 'performer',
          objectId: performerId,
          description: 'Tip',
          message,
        });
        await tellCreatorOfSale(app, tx, { kind: 'tip', performerId, buyerId: viewer.userId, grossCents });
        return sale;
      });
      notifyWalletBalances(app, result.balances);
      return { transactionId: result.id, balance: walletAfter(result.balances, viewer.userId), performerId, amount: fromCents(grossCents) };
    },

    /**
     * Buys a for-sale item at its current price. The entitlement is inserted first: its unique
     * key makes concurrent purchases of one item by one fan wait for each other, and every one
     * after the first finds it and gets the 409 before any money moves.
     */
    async buy(viewer: SignedIn, type: PurchasableType, id: string): Promise<PurchaseResult> {
      const objectId = requireUuid(id);
      const [siteCommission, rule] = await Promise.all([app.settings.get('performerCommission'), readPayableRule(app.settings)]);
      const { result, grossCents } = await app.db.transaction(async (tx) => {
        const meta = await contentAccessRepository.findMeta(tx, type, objectId);
        if (!meta) throw notFound(NOT_FOUND[type]);
        if (meta.performerId === viewer.userId) throw unprocessable(`You cannot buy your own ${NOUN[type]}`);
        // Admins see drafts, but nobody buys one: only what is published is for sale.
        if (!meta.creatorActive || meta.status !== 'active' || meta.publishAt.getTime() > Date.now()) throw notFound(NOT_FOUND[type]);
        if (type === 'video' && !(await videoReady(tx, objectId))) throw notFound(NOT_FOUND[type]);
        await requireCreatorFor(tx, meta.performerId, viewer, rule);
        if (meta.access !== 'sale' || meta.priceCents <= 0) {
          throw unprocessable(meta.access === 'free' ? `This ${NOUN[type]} is free` : `This ${NOUN[type]} is for subscribers only, not for sale`);
        }
        const posted = await sellOnce(tx, {
          kind: type,
          userId: viewer.userId,
          performerId: meta.performerId,
          objectId,
          grossCents: meta.priceCents,
          siteCommission,
          description: `Purchase of a ${NOUN[type]}`,
        });
        await tellCreatorOfSale(app, tx, {
          kind: type, performerId: meta.performerId, buyerId: viewer.userId, grossCents: meta.priceCents, title: contentTitle(type, meta.label),
        });
        return { result: posted, grossCents: meta.priceCents };
      });
      notifyWalletBalances(app, result.balances);
      return {
        transactionId: result.id,
        balance: walletAfter(result.balances, viewer.userId),
        amount: fromCents(grossCents),
        item: { type, id: objectId },
      };
    },

    async search(user: { id: string; role: string }, query: ChargeSearchQuery): Promise<{ data: WalletCharge[]; total: number }> {
      const view = query.view ?? (user.role === 'performer' ? 'sales' : 'spending');
      if (view === 'sales' && user.role !== 'performer') throw forbidden('Only creators receive sales');
      const { rows, total } = await walletChargesRepository.search(
        app.db,
        {
          view,
          ownerId: user.id,
          types: query.type ? [query.type] : CHARGE_TYPES,
          performerId: query.performerId,
          from: dateFilter(query.fromDate, 'fromDate'),
          to: dateFilter(query.toDate, 'toDate'),
        },
        {
          offset: query.offset ?? 0,
          limit: query.limit ?? 10,
          sortBy: query.sortBy === 'amount' ? 'amount' : 'createdAt',
          sort: query.sort ?? 'desc',
        },
      );
      return {
        data: rows.map(({ charge, payer, creator, refunded }) => ({
          _id: charge.id,
          type: charge.kind as WalletCharge['type'],
          amount: fromCents(charge.grossCents),
          commission: fromCents(charge.commissionCents),
          net: fromCents(charge.grossCents - charge.commissionCents),
          refunded,
          objectType: charge.objectType,
          objectId: charge.objectId,
          message: charge.message,
          description: charge.description,
          performer: creator ? toUserPublic(urls, creator) : null,
          user: payer ? toUserPublic(urls, payer) : null,
          createdAt: charge.createdAt.toISOString(),
        })),
        total,
      };
    },
  };
}
