import type { FastifyInstance } from 'fastify';
import { NOT_AVAILABLE_MESSAGE } from '../../../common/contract/social';
import type {
  BuyProductBody,
  BuyProductResult,
  Order,
  OrderDetail,
  OrderSearchQuery,
  UpdateDeliveryAddressBody,
  UpdateOrderBody,
} from '../../../common/contract/orders';
import type { Executor } from '../../db/client';
import type { AuditActor } from '../audit/audit.service';
import { badRequest, conflict, forbidden, notFound, unprocessable } from '../../lib/http-error';
import { addressesRepository } from '../addresses/addresses.repository';
import { ADDRESS_NOT_FOUND } from '../addresses/addresses.service';
import { blockingRepository } from '../blocking/blocking.repository';
import type { Viewer } from '../blocking/viewer';
import { requireVisibleItem } from '../content/content-access.service';
import { entitlementsRepository } from '../entitlements/entitlements.repository';
import { notifyWalletBalances } from '../ledger/balance-events';
import { commissionBasisPoints } from '../ledger/commission.repository';
import { accountKey, InsufficientFunds, ledgerRepository, walletOf } from '../ledger/ledger.repository';
import { reversalPosting } from '../ledger/postings';
import { postSale } from '../ledger/sales';
import { createProductPresenter } from '../products/product.dto';
import { createProductReadsService } from '../products/product-reads.service';
import { productsRepository } from '../products/products.repository';
import { readPayableRule, requirePayableCreator } from '../performers/payable-creator';
import { newOrderNumber, snapshotOf, toOrder } from './order.dto';
import { tellOrderPlaced, tellOrderStatus } from './order-notices';
import { ordersRepository, type OrderRow } from './orders.repository';
import { requireUuid } from '../../shared/ids';
import { readAll } from '../../db/reads';

type SignedIn = Viewer & { userId: string };

const ORDER_NOT_FOUND = 'Order not found';
const PRODUCT_NOT_FOUND = 'Product not found';

/** Refunds come from the seller or an admin; a digital order is `delivered` the moment it is paid, and still refundable. */
const refundable = (o: OrderRow) => o.status === 'processing' || o.status === 'shipped' || (o.productType === 'digital' && o.status === 'delivered');

/**
 * Refunds an order whose row the caller's transaction has locked: the seller's or an admin's
 * `PUT /orders/:id/update`, and the money console's refund of the order's sale (which passes the
 * operator's reason, kept on the refund transaction). Lock order as in a purchase: the order, the
 * product row, then the ledger accounts. 409 when already refunded or past refunding; 422 when the
 * creator's earnings no longer cover their share. Answers the refund transaction and the balances
 * to push after the commit.
 */
async function refundLocked(tx: Executor, order: OrderRow, reason?: string) {
  if (!refundable(order)) throw conflict(`This order is ${order.status} and can no longer be refunded`);
  if (await ledgerRepository.reversalOf(tx, order.ledgerTransactionId)) throw conflict('This order is already refunded');
  const original = await ordersRepository.saleTransaction(tx, order.ledgerTransactionId);
  if (!original) throw new Error(`Order ${order.id} has no sale transaction`);
  const entries = await ledgerRepository.entriesOf(tx, original.id);
  // Product row before the ledger accounts, as a purchase takes them.
  if (order.productId) await productsRepository.undoSale(tx, order.productId, order.quantity, order.productType === 'physical');
  await ordersRepository.update(tx, order.id, { status: 'refunded' });
  // The right goes with the last order standing (a digital product has only one).
  if (order.productId && !(await ordersRepository.hasLiveOrder(tx, order.userId, order.productId))) {
    await ordersRepository.revokeEntitlement(tx, order.userId, order.productId);
  }
  let refund;
  try {
    refund = await ledgerRepository.post(tx, {
      ...reversalPosting(original, entries, `Refund of order ${order.orderNumber}`),
      ...(reason ? { message: reason } : {}),
    });
  } catch (err) {
    if (err instanceof InsufficientFunds && err.account.kind === 'earnings') throw unprocessable('Not enough earnings to refund this order');
    throw err;
  }
  await ordersRepository.update(tx, order.id, { refundTransactionId: refund.id });
  return { refundId: refund.id, balances: refund.balances };
}

/**
 * Product purchases paid from the wallet, and the life of the order after it (spec 7 "Orders",
 * "Wallet charges"). Every write is one transaction; balances are pushed after the commit.
 */
export function createOrdersService(app: FastifyInstance) {
  const { db } = app;
  const productReads = createProductReadsService(app, createProductPresenter(app));

  async function answer(orderId: string): Promise<Order> {
    const row = await ordersRepository.findWithParties(db, orderId);
    return toOrder(row!);
  }

  return {
    /**
     * Lock order (the same in every writer, so purchases and refunds cannot deadlock): the
     * creator's `performers` row (key share, taken by the payable-creator check: 422 while the
     * creator is not verified; also against a concurrent block), the entitlement's
     * unique key (digital: the serialisation point for one buyer), the product row (stock), then
     * the ledger accounts.
     */
    async buy(viewer: SignedIn, id: string, body: BuyProductBody): Promise<BuyProductResult> {
      const productId = requireUuid(id);
      const quantity = body.quantity ?? 1;
      const note = body.note?.trim() || null;
      const [siteCommission, rule] = await Promise.all([app.settings.get('performerCommission'), readPayableRule(app.settings)]);
      const { orderId, balances } = await db.transaction(async (tx) => {
        const { meta } = await requireVisibleItem(tx, 'product', productId, viewer);
        if (meta.performerId === viewer.userId) throw unprocessable('You cannot buy your own product');
        const product = await productsRepository.findById(tx, productId);
        // Admins see drafts, but nobody buys one.
        if (!product || product.status !== 'active') throw notFound(PRODUCT_NOT_FOUND);
        await requirePayableCreator(tx, product.performerId, rule, PRODUCT_NOT_FOUND);
        if (await blockingRepository.isBlocked(tx, product.performerId, viewer)) throw forbidden(NOT_AVAILABLE_MESSAGE);

        let deliveryAddress = null;
        if (product.type === 'physical') {
          if (!body.addressId) throw badRequest('Please choose a delivery address', [{ field: 'addressId', message: 'Please choose a delivery address' }]);
          const address = await addressesRepository.findOwn(tx, viewer.userId, body.addressId);
          if (!address) throw notFound(ADDRESS_NOT_FOUND);
          deliveryAddress = snapshotOf(address);
          // Buyers may like and comment on what they bought; one right per person, however many orders.
          await entitlementsRepository.grantEntitlement(tx, { userId: viewer.userId, objectType: 'product', objectId: productId });
        } else {
          if (quantity !== 1) throw badRequest('A digital product is bought once: quantity must be 1', [{ field: 'quantity', message: 'quantity must be 1' }]);
          const granted = await entitlementsRepository.grantEntitlement(tx, { userId: viewer.userId, objectType: 'product', objectId: productId });
          if (!granted) throw conflict('You already bought this product');
        }

        const sold = await productsRepository.recordSale(tx, productId, quantity);
        if (!sold) {
          const left = (await productsRepository.findById(tx, productId))?.stock ?? 0;
          throw conflict(left > 0 ? `Only ${left} left` : 'Sold out');
        }
        const totalCents = sold.priceCents * quantity;
        const bp = await commissionBasisPoints(tx, siteCommission, sold.performerId);
        const sale = await postSale(tx, {
          kind: 'product',
          userId: viewer.userId,
          performerId: sold.performerId,
          grossCents: totalCents,
          commissionBasisPoints: bp,
          objectType: 'product',
          objectId: productId,
          description: quantity > 1 ? `${sold.name} × ${quantity}` : sold.name,
          message: note,
        });
        const order = await ordersRepository.insert(tx, {
          orderNumber: newOrderNumber(),
          userId: viewer.userId,
          performerId: sold.performerId,
          productId,
          productName: sold.name,
          productType: sold.type,
          quantity,
          unitPriceCents: sold.priceCents,
          totalCents,
          status: sold.type === 'physical' ? 'processing' : 'delivered',
          deliveryAddress,
          ledgerTransactionId: sale.id,
        });
        await tellOrderPlaced(app, tx, order);
        return { orderId: order.id, balances: sale.balances };
      });
      notifyWalletBalances(app, balances);
      return { order: await answer(orderId), balance: (balances.get(accountKey(walletOf(viewer.userId))) ?? 0) / 100 };
    },

    async sales(performerId: string, query: OrderSearchQuery) {
      const { rows, total } = await ordersRepository.list(db, { performerId }, { offset: query.offset ?? 0, limit: query.limit ?? 10, status: query.status, q: query.q });
      return { data: rows.map(toOrder), total };
    },

    async purchases(userId: string, query: OrderSearchQuery) {
      const { rows, total } = await ordersRepository.list(db, { userId }, { offset: query.offset ?? 0, limit: query.limit ?? 10, status: query.status, q: query.q });
      return { data: rows.map(toOrder), total };
    },

    /** Its buyer, its seller or an admin; anyone else gets the 404 of an unknown id. */
    async detail(viewer: SignedIn, id: string): Promise<OrderDetail> {
      const row = await ordersRepository.findWithParties(db, requireUuid(id));
      const o = row?.order;
      if (!row || !o || (o.userId !== viewer.userId && o.performerId !== viewer.userId && viewer.role !== 'admin')) throw notFound(ORDER_NOT_FOUND);
      let downloadUrl: string | null = null;
      if (o.userId === viewer.userId && o.productType === 'digital' && o.status !== 'refunded' && o.productId) {
        // The product's own rule decides (visible, bought, file ready); any refusal just means no link now.
        downloadUrl = await productReads.downloadLink(viewer, o.productId).then((l) => l.url, () => null);
      }
      return { ...toOrder(row), downloadUrl };
    },

    async checkPurchased(viewer: SignedIn, query: { productId: string; userId?: string }) {
      const userId = query.userId ?? viewer.userId;
      if (userId !== viewer.userId && viewer.role !== 'admin') throw forbidden('You can only check your own purchases');
      const [order, bought] = await readAll(db,
        () => ordersRepository.hasLiveOrder(db, userId, query.productId),
        () => entitlementsRepository.bought(db, userId, 'product', [query.productId]),
      );
      return { purchased: order || bought.size > 0 };
    },

    /**
     * The seller moves the order on; a refund (seller or admin) reverses the sale in the ledger,
     * restores stock or takes the right of access back, all in one transaction with the order row
     * locked, so two refunds at once make one.
     */
    async update(viewer: SignedIn, id: string, body: UpdateOrderBody, actor: AuditActor): Promise<Order> {
      const orderId = requireUuid(id);
      const balances = await db.transaction(async (tx) => {
        const order = await ordersRepository.lock(tx, orderId);
        const isSeller = order?.performerId === viewer.userId;
        const isAdmin = viewer.role === 'admin';
        if (!order || (!isSeller && !isAdmin && order.userId !== viewer.userId)) throw notFound(ORDER_NOT_FOUND);
        if (!isSeller && !(isAdmin && body.status === 'refunded')) {
          throw forbidden(isAdmin ? 'Only the seller can ship or deliver this order' : 'Only the seller can update this order; ask them for a refund');
        }
        if (body.status === 'shipped') {
          if (order.status !== 'processing') throw conflict(`This order is ${order.status}: only a processing order can be shipped`);
          const trackingCode = body.trackingCode?.trim();
          if (!trackingCode) throw badRequest('Please enter a tracking code', [{ field: 'trackingCode', message: 'Please enter a tracking code' }]);
          await ordersRepository.update(tx, order.id, { status: 'shipped', trackingCode });
          await tellOrderStatus(app, tx, order, 'shipped', viewer.userId);
          return null;
        }
        if (body.status === 'delivered') {
          if (order.status !== 'shipped') throw conflict(`This order is ${order.status}: only a shipped order can be marked delivered`);
          await ordersRepository.update(tx, order.id, { status: 'delivered' });
          await tellOrderStatus(app, tx, order, 'delivered', viewer.userId);
          return null;
        }
        const refund = await refundLocked(tx, order);
        await tellOrderStatus(app, tx, order, 'refunded', isSeller ? viewer.userId : null);
        // An operator refunding is an operator write: one audit row in its transaction (a seller's refund is theirs).
        if (!isSeller) {
          await app.audit.record(tx, actor, {
            action: 'sale.refund', targetType: 'ledger_transaction', targetId: order.ledgerTransactionId,
            before: { refunded: false, orderId: order.id, orderStatus: order.status },
            after: { refunded: true, orderId: order.id, orderStatus: 'refunded', refundTransactionId: refund.refundId },
          });
        }
        return refund.balances;
      });
      if (balances) notifyWalletBalances(app, balances);
      return answer(orderId);
    },

    /**
     * The money console's refund of a product sale, inside the operator's transaction (which also
     * writes the audit row): the order of that sale, locked, refunded as the seller would. Null when
     * no order belongs to the sale.
     */
    async refundSale(tx: Executor, saleTransactionId: string, reason: string) {
      const order = await ordersRepository.lockBySale(tx, saleTransactionId);
      if (!order) return null;
      const refund = await refundLocked(tx, order, reason);
      await tellOrderStatus(app, tx, order, 'refunded', null);
      return { ...refund, orderId: order.id, orderNumber: order.orderNumber };
    },

    /** The buyer points a processing order at another of their addresses (a fresh copy of it). */
    async changeDeliveryAddress(viewer: SignedIn, id: string, body: UpdateDeliveryAddressBody): Promise<Order> {
      const orderId = requireUuid(id);
      await db.transaction(async (tx) => {
        const order = await ordersRepository.lock(tx, orderId);
        if (!order || (order.userId !== viewer.userId && order.performerId !== viewer.userId && viewer.role !== 'admin')) throw notFound(ORDER_NOT_FOUND);
        if (order.userId !== viewer.userId) throw forbidden('Only the buyer can change the delivery address');
        if (order.productType !== 'physical') throw badRequest('A digital order has no delivery address');
        if (order.status !== 'processing') throw conflict(`This order is ${order.status}: the delivery address can no longer be changed`);
        const address = await addressesRepository.findOwn(tx, viewer.userId, body.addressId);
        if (!address) throw notFound(ADDRESS_NOT_FOUND);
        await ordersRepository.update(tx, order.id, { deliveryAddress: snapshotOf(address) });
      });
      return answer(orderId);
    },
  };
}

/** A creator's orders waiting to be shipped (status `processing`; read by the creator dashboard). */
export const countPendingOrders = (db: Executor, performerId: string) => ordersRepository.countProcessing(db, performerId);
