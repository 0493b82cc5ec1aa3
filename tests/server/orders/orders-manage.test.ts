import crypto from 'node:crypto';
import { startTestServer, type TestServer } from '../../support/server';
import { allRows, createPerformerWithToken, createUserWithToken, tables } from '../../support/db';
import { balanceOf, expectLedgerSound, fundWallet, walletBalance } from '../../support/money';
import { earningsOf, ledgerRepository } from '../../../src/server/modules/ledger/ledger.repository';
import { payoutReservePosting } from '../../../src/server/modules/ledger/postings';
import { call, createProduct } from '../products/product-helpers';
import { addAddress, buy, moneySnapshot, productStock, updateOrder } from './order-helpers';

jest.setTimeout(180_000);

let server: TestServer;
let creator: Awaited<ReturnType<typeof createPerformerWithToken>>;
let otherCreator: Awaited<ReturnType<typeof createPerformerWithToken>>;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
let stranger: Awaited<ReturnType<typeof createUserWithToken>>;

beforeAll(async () => {
  server = await startTestServer();
  creator = await createPerformerWithToken(server.app);
  otherCreator = await createPerformerWithToken(server.app);
  admin = await createUserWithToken(server.app, { role: 'admin' });
  stranger = await createUserWithToken(server.app);
});
afterAll(() => server.close());

/** A fan who bought `quantity` of a fresh physical product (price 10, stock 5). */
async function physicalOrder(quantity = 2) {
  const product = await createProduct(server.app, creator.token, { name: 'Tee', price: 10, stock: 5 });
  const fan = await createUserWithToken(server.app);
  await fundWallet(server.app, fan.user.id, 100);
  const addressId = await addAddress(server.app, fan.token);
  const res = await buy(server.app, fan.token, product._id, { quantity, addressId });
  if (res.statusCode !== 200) throw new Error(res.body);
  return { product, fan, addressId, order: res.json().data.order as { _id: string; orderNumber: string } };
}

describe('order status', () => {
  it('goes processing → shipped (with a tracking code) → delivered, by the seller only; illegal moves are 409 naming the status', async () => {
    const { fan, order } = await physicalOrder();
    const before = await moneySnapshot(server.app);
    expect((await updateOrder(server.app, creator.token, order._id, { status: 'shipped' })).json().message).toBe('Please enter a tracking code');
    expect((await updateOrder(server.app, creator.token, order._id, { status: 'delivered' })).statusCode).toBe(409);
    expect((await updateOrder(server.app, fan.token, order._id, { status: 'shipped', trackingCode: 'X' })).statusCode).toBe(403);
    expect((await updateOrder(server.app, fan.token, order._id, { status: 'refunded' })).statusCode).toBe(403);
    expect((await updateOrder(server.app, stranger.token, order._id, { status: 'refunded' })).statusCode).toBe(404);
    expect((await updateOrder(server.app, otherCreator.token, order._id, { status: 'shipped', trackingCode: 'X' })).statusCode).toBe(404);
    expect((await updateOrder(server.app, admin.token, order._id, { status: 'shipped', trackingCode: 'X' })).statusCode).toBe(403);
    expect((await updateOrder(server.app, creator.token, order._id, { status: 'processing' })).statusCode).toBe(400);
    expect(await moneySnapshot(server.app)).toEqual(before);

    const shipped = await updateOrder(server.app, creator.token, order._id, { status: 'shipped', trackingCode: ' PT123456789 ' });
    expect(shipped.json().data).toMatchObject({ status: 'shipped', trackingCode: 'PT123456789' });
    const again = await updateOrder(server.app, creator.token, order._id, { status: 'shipped', trackingCode: 'Y' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This order is shipped: only a processing order can be shipped');
    expect((await updateOrder(server.app, creator.token, order._id, { status: 'delivered' })).json().data.status).toBe('delivered');
    const late = await updateOrder(server.app, creator.token, order._id, { status: 'refunded' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This order is delivered and can no longer be refunded');
  });

  it('lets the buyer change the delivery address while processing, not after shipping', async () => {
    const { fan, order } = await physicalOrder(1);
    const newAddress = await addAddress(server.app, fan.token, { city: 'Braga' });
    const strangerAddress = await addAddress(server.app, stranger.token);
    const url = `/orders/${order._id}/update/delivery-address`;
    expect((await call(server.app, { token: fan.token }, 'PUT', url, { addressId: strangerAddress })).statusCode).toBe(404);
    expect((await call(server.app, { token: stranger.token }, 'PUT', url, { addressId: strangerAddress })).statusCode).toBe(404);
    expect((await call(server.app, { token: creator.token }, 'PUT', url, { addressId: newAddress })).statusCode).toBe(403);
    const changed = await call(server.app, { token: fan.token }, 'PUT', url, { addressId: newAddress });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.deliveryAddress.city).toBe('Braga');
    await updateOrder(server.app, creator.token, order._id, { status: 'shipped', trackingCode: 'T1' });
    const late = await call(server.app, { token: fan.token }, 'PUT', url, { addressId: newAddress });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This order is shipped: the delivery address can no longer be changed');
  });
});

describe('refunds', () => {
  it('gives the tokens back, takes the creator\'s share back, restores the stock, once', async () => {
    const { fan, product, order } = await physicalOrder(2);
    const earnings = await balanceOf(server.app, earningsOf(creator.user.id));
    expect(await walletBalance(server.app, fan.user.id)).toBe(80);
    const res = await updateOrder(server.app, creator.token, order._id, { status: 'refunded' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('refunded');
    expect(await walletBalance(server.app, fan.user.id)).toBe(100);
    expect(await balanceOf(server.app, earningsOf(creator.user.id))).toBeCloseTo(earnings - 16, 10);
    expect(await productStock(server.app, product._id)).toMatchObject({ stock: 5, totalSold: 0 });
    const row = (await allRows(server.app, tables.orders)).find((o) => o.id === order._id)!;
    expect(row.refundTransactionId).toBeTruthy();
    const twice = await updateOrder(server.app, creator.token, order._id, { status: 'refunded' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This order is refunded and can no longer be refunded');
    const check = await call(server.app, { token: fan.token }, 'GET', `/orders/check-user-purchased?productId=${product._id}`);
    expect(check.json().data).toEqual({ purchased: false });
    await expectLedgerSound(server.app);
  });

  it('keeps a physical buyer\'s right to the product while one of their orders stands', async () => {
    const { fan, product, addressId, order } = await physicalOrder(1);
    const second = (await buy(server.app, fan.token, product._id, { addressId })).json().data.order._id;
    const detail = () => call(server.app, { token: fan.token }, 'GET', `/performer-assets/products/${product._id}`);
    expect((await detail()).json().data).toMatchObject({ isBought: true, isLocked: false });
    await updateOrder(server.app, creator.token, order._id, { status: 'refunded' });
    expect((await detail()).json().data).toMatchObject({ isBought: true });
    await updateOrder(server.app, creator.token, second, { status: 'refunded' });
    expect((await detail()).json().data).toMatchObject({ isBought: false, isLocked: true });
    expect(await productStock(server.app, product._id)).toMatchObject({ stock: 5, totalSold: 0 });
  });

  it('refunds once when the seller and an admin refund at the same time, ten times each', async () => {
    const { fan, order } = await physicalOrder(1);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => updateOrder(server.app, i % 2 ? admin.token : creator.token, order._id, { status: 'refunded' })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(19);
    expect(await walletBalance(server.app, fan.user.id)).toBe(100);
    const sale = (await allRows(server.app, tables.orders)).find((o) => o.id === order._id)!.ledgerTransactionId;
    expect((await allRows(server.app, tables.ledgerTransactions)).filter((t) => t.kind === 'refund' && t.reversesId === sale)).toHaveLength(1);
    await expectLedgerSound(server.app);
  });

  it('is a 422 when the creator already took the earnings out, and changes nothing', async () => {
    const seller = await createPerformerWithToken(server.app);
    const product = await createProduct(server.app, seller.token, { name: 'Cap', price: 10, stock: 5 });
    const fan = await createUserWithToken(server.app);
    await fundWallet(server.app, fan.user.id, 10);
    const res = await buy(server.app, fan.token, product._id, { addressId: await addAddress(server.app, fan.token) });
    const orderId = res.json().data.order._id;
    const earned = await ledgerRepository.balance(server.app.db, earningsOf(seller.user.id));
    await server.app.db.transaction((tx) => ledgerRepository.post(tx, payoutReservePosting(seller.user.id, earned, crypto.randomUUID())));
    const before = await moneySnapshot(server.app);
    const refused = await updateOrder(server.app, seller.token, orderId, { status: 'refunded' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Not enough earnings to refund this order');
    expect(await moneySnapshot(server.app)).toEqual(before);
  });

  it('takes a digital product\'s download away; it may then be bought again', async () => {
    const product = await createProduct(server.app, creator.token, { name: 'Ebook', type: 'digital', price: 4 });
    const fan = await createUserWithToken(server.app);
    await fundWallet(server.app, fan.user.id, 10);
    const orderId = (await buy(server.app, fan.token, product._id)).json().data.order._id;
    const link = `/performer-assets/products/${product._id}/download-link`;
    expect((await call(server.app, { token: fan.token }, 'GET', link)).statusCode).toBe(200);
    expect((await updateOrder(server.app, admin.token, orderId, { status: 'refunded' })).statusCode).toBe(200);
    expect((await call(server.app, { token: fan.token }, 'GET', link)).statusCode).toBe(403);
    expect((await call(server.app, { token: fan.token }, 'GET', `/orders/${orderId}`)).json().data).toMatchObject({ status: 'refunded', downloadUrl: null });
    expect(await walletBalance(server.app, fan.user.id)).toBe(10);
    expect((await buy(server.app, fan.token, product._id)).statusCode).toBe(200);
    await expectLedgerSound(server.app);
  });
});

describe('reading orders', () => {
  it('shows an order to its buyer, its seller and admins only', async () => {
    const { order } = await physicalOrder(1);
    for (const token of [creator.token, admin.token]) expect((await call(server.app, { token }, 'GET', `/orders/${order._id}`)).statusCode).toBe(200);
    for (const token of [stranger.token, otherCreator.token]) {
      const res = await call(server.app, { token }, 'GET', `/orders/${order._id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Order not found');
    }
    expect((await call(server.app, null, 'GET', `/orders/${order._id}`)).statusCode).toBe(401);
  });

  it('lists a fan\'s own orders and a creator\'s sales, with a status filter; fans cannot list sales', async () => {
    const a = await physicalOrder(1);
    const b = await physicalOrder(1);
    await updateOrder(server.app, creator.token, b.order._id, { status: 'shipped', trackingCode: 'T' });
    const mine = await call(server.app, { token: a.fan.token }, 'GET', '/orders/users/search');
    expect(mine.json().data).toMatchObject({ total: 1, data: [{ _id: a.order._id }] });
    expect((await call(server.app, { token: a.fan.token }, 'GET', '/orders/search')).statusCode).toBe(403);
    const shipped = await call(server.app, { token: creator.token }, 'GET', '/orders/search?status=shipped&limit=100');
    expect(shipped.json().data.data.map((o: { _id: string }) => o._id)).toContain(b.order._id);
    expect(shipped.json().data.data.every((o: { status: string }) => o.status === 'shipped')).toBe(true);
    const byNumber = await call(server.app, { token: creator.token }, 'GET', `/orders/search?q=${a.order.orderNumber.slice(-6)}`);
    expect(byNumber.json().data).toMatchObject({ total: 1, data: [{ _id: a.order._id }] });
    expect((await call(server.app, { token: otherCreator.token }, 'GET', '/orders/search')).json().data).toEqual({ data: [], total: 0 });
    expect((await call(server.app, { token: creator.token }, 'GET', '/orders/search?status=lost')).statusCode).toBe(400);
  });
});
