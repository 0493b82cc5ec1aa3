import { startTestServer, type TestServer } from '../../support/server';
import { allRows, createPerformerWithToken, createUserWithToken, tables } from '../../support/db';
import { balanceOf, expectLedgerSound, fundWallet, walletBalance } from '../../support/money';
import { earningsOf } from '../../../src/server/modules/ledger/ledger.repository';
import { call, createProduct, ZERO_UUID } from '../products/product-helpers';
import { addAddress, buy, moneySnapshot, productStock } from './order-helpers';

jest.setTimeout(180_000);

let server: TestServer;
let creator: Awaited<ReturnType<typeof createPerformerWithToken>>;
beforeAll(async () => {
  server = await startTestServer();
  creator = await createPerformerWithToken(server.app);
});
afterAll(() => server.close());

async function fundedFan(tokens = 100) {
  const fan = await createUserWithToken(server.app);
  await fundWallet(server.app, fan.user.id, tokens);
  return fan;
}

describe('POST /wallet/charges/product/:id — physical', () => {
  it('takes the stock, charges the wallet, pays the creator net and records a processing order with a copy of the address', async () => {
    const product = await createProduct(server.app, creator.token, { name: 'Poster', price: 12.5, stock: 5 });
    const fan = await fundedFan(100);
    const addressId = await addAddress(server.app, fan.token);
    const earningsBefore = await balanceOf(server.app, earningsOf(creator.user.id));

    const res = await buy(server.app, fan.token, product._id, { quantity: 2, addressId, note: ' Gift wrap, please ' });
    expect(res.statusCode).toBe(200);
    const { order, balance } = res.json().data;
    expect(balance).toBe(75);
    expect(order).toMatchObject({
      productId: product._id, productName: 'Poster', productType: 'physical', quantity: 2, unitPrice: 12.5, totalPrice: 25,
      status: 'processing', trackingCode: null, note: 'Gift wrap, please',
      deliveryAddress: { name: 'Ana Silva', country: 'PT', city: 'Lisbon', streetAddress: 'Rua Augusta 10' },
      buyer: { _id: fan.user.id }, performer: { _id: creator.user.id },
    });
    expect(order.orderNumber).toMatch(/^ORD-\d{8}-[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(await walletBalance(server.app, fan.user.id)).toBe(75);
    expect(await balanceOf(server.app, earningsOf(creator.user.id))).toBeCloseTo(earningsBefore + 20, 10);
    expect(await productStock(server.app, product._id)).toMatchObject({ stock: 3, totalSold: 2 });

    // Editing the address later does not move an order that was placed.
    await call(server.app, { token: fan.token }, 'PUT', `/addresses/${addressId}`, { city: 'Porto' });
    const detail = await call(server.app, { token: fan.token }, 'GET', `/orders/${order._id}`);
    expect(detail.json().data).toMatchObject({ deliveryAddress: { city: 'Lisbon' }, downloadUrl: null });
    await expectLedgerSound(server.app);
  });

  it('refuses bad requests with their status and message, writing nothing', async () => {
    const product = await createProduct(server.app, creator.token, { name: 'Mug', price: 10, stock: 3 });
    const draft = await createProduct(server.app, creator.token, { name: 'Hidden', status: 'draft' });
    const poor = await fundedFan(5);
    const fan = await fundedFan(100);
    const blocked = await fundedFan(100);
    await server.app.db.insert(tables.blockedUsers).values({ performerId: creator.user.id, userId: blocked.user.id });
    const addressId = await addAddress(server.app, fan.token);
    const poorAddress = await addAddress(server.app, poor.token);
    const blockedAddress = await addAddress(server.app, blocked.token);
    const otherCreator = await createPerformerWithToken(server.app);
    await fundWallet(server.app, otherCreator.user.id, 100);
    const ownAddress = await addAddress(server.app, creator.token);

    const cases: [string, () => ReturnType<typeof buy>, number, string | RegExp][] = [
      ['no address', () => buy(server.app, fan.token, product._id, {}), 400, 'Please choose a delivery address'],
      ['someone else\'s address', () => buy(server.app, fan.token, product._id, { addressId: poorAddress }), 404, 'Address not found'],
      ['quantity 0', () => buy(server.app, fan.token, product._id, { addressId, quantity: 0 }), 400, /quantity/],
      ['quantity 101', () => buy(server.app, fan.token, product._id, { addressId, quantity: 101 }), 400, /quantity/],
      ['quantity 1.5', () => buy(server.app, fan.token, product._id, { addressId, quantity: 1.5 }), 400, /quantity/],
      ['more than the stock', () => buy(server.app, fan.token, product._id, { addressId, quantity: 4 }), 409, 'Only 3 left'],
      ['not enough tokens', () => buy(server.app, poor.token, product._id, { addressId: poorAddress }), 402, 'Not enough tokens: 5.00 more needed'],
      ['own product', () => buy(server.app, creator.token, product._id, { addressId: ownAddress }), 422, 'You cannot buy your own product'],
      ['a draft', () => buy(server.app, fan.token, draft._id, { addressId }), 404, 'Product not found'],
      ['unknown product', () => buy(server.app, fan.token, ZERO_UUID, { addressId }), 404, 'Product not found'],
      ['malformed id', () => buy(server.app, fan.token, 'nope', { addressId }), 400, /uuid/],
      ['blocked fan', () => buy(server.app, blocked.token, product._id, { addressId: blockedAddress }), 403, 'This creator is not available to you'],
      ['signed out', () => buy(server.app, undefined, product._id, { addressId }), 401, /sign in/i],
      ['unknown field', () => buy(server.app, fan.token, product._id, { addressId, price: 0.01 }), 400, /price/],
    ];
    for (const [name, attempt, status, message] of cases) {
      const before = await moneySnapshot(server.app);
      const res = await attempt();
      expect([name, res.statusCode]).toEqual([name, status]);
      expect(res.json().message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
      if (status === 402) expect(res.json().missingAmount).toBe(5);
      expect(await moneySnapshot(server.app)).toEqual(before);
    }
    expect((await allRows(server.app, tables.orders)).filter((o) => o.productId === product._id)).toHaveLength(0);
  });

  it('says "Sold out" when nothing is left', async () => {
    const product = await createProduct(server.app, creator.token, { name: 'Rare', stock: 0 });
    const fan = await fundedFan();
    const res = await buy(server.app, fan.token, product._id, { addressId: await addAddress(server.app, fan.token) });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Sold out');
  });

  it('sells a stock of 5 to exactly 5 of 20 fans buying at once; the rest are told it sold out', async () => {
    const product = await createProduct(server.app, creator.token, { name: 'Limited print', price: 3, stock: 5 });
    const fans = await Promise.all(Array.from({ length: 20 }, () => fundedFan(10)));
    const addresses = await Promise.all(fans.map((f) => addAddress(server.app, f.token)));
    const results = await Promise.all(fans.map((f, i) => buy(server.app, f.token, product._id, { addressId: addresses[i] })));
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(15);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().message).toBe('Sold out');
    expect(await productStock(server.app, product._id)).toMatchObject({ stock: 0, totalSold: 5 });
    expect((await allRows(server.app, tables.orders)).filter((o) => o.productId === product._id)).toHaveLength(5);
    const balances = await Promise.all(fans.map((f) => walletBalance(server.app, f.user.id)));
    expect(balances.filter((b) => b === 7)).toHaveLength(5);
    expect(balances.filter((b) => b === 10)).toHaveLength(15);
    await expectLedgerSound(server.app);
  });
});

describe('POST /wallet/charges/product/:id — digital', () => {
  it('sells a digital product once: delivered at once, with a download link for the buyer only', async () => {
    const product = await createProduct(server.app, creator.token, { name: 'Guide', type: 'digital', price: 7 });
    const fan = await fundedFan(20);
    const stranger = await fundedFan(20);
    const res = await buy(server.app, fan.token, product._id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ balance: 13, order: { status: 'delivered', productType: 'digital', quantity: 1, totalPrice: 7, deliveryAddress: null } });
    const orderId = res.json().data.order._id;

    const detail = await call(server.app, { token: fan.token }, 'GET', `/orders/${orderId}`);
    expect(detail.json().data.downloadUrl).toMatch(/\/files\/media\/.*sig=/);
    expect((await call(server.app, { token: fan.token }, 'GET', `/performer-assets/products/${product._id}/download-link`)).statusCode).toBe(200);
    expect((await call(server.app, { token: stranger.token }, 'GET', `/performer-assets/products/${product._id}/download-link`)).statusCode).toBe(403);
    expect((await call(server.app, { token: creator.token }, 'GET', `/orders/${orderId}`)).json().data.downloadUrl).toBeNull();

    const before = await moneySnapshot(server.app);
    const again = await buy(server.app, fan.token, product._id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You already bought this product');
    const two = await buy(server.app, stranger.token, product._id, { quantity: 2 });
    expect(two.statusCode).toBe(400);
    expect(await moneySnapshot(server.app)).toEqual(before);

    const check = await call(server.app, { token: fan.token }, 'GET', `/orders/check-user-purchased?productId=${product._id}`);
    expect(check.json().data).toEqual({ purchased: true });
    const checkStranger = await call(server.app, { token: stranger.token }, 'GET', `/orders/check-user-purchased?productId=${product._id}`);
    expect(checkStranger.json().data).toEqual({ purchased: false });
    const peek = await call(server.app, { token: stranger.token }, 'GET', `/orders/check-user-purchased?productId=${product._id}&userId=${fan.user.id}`);
    expect(peek.statusCode).toBe(403);
    await expectLedgerSound(server.app);
  });

  it('charges once when one fan sends 50 purchases at once', async () => {
    const product = await createProduct(server.app, creator.token, { name: 'Preset pack', type: 'digital', price: 2 });
    const fan = await fundedFan(200);
    const results = await Promise.all(Array.from({ length: 50 }, () => buy(server.app, fan.token, product._id)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(49);
    expect(await walletBalance(server.app, fan.user.id)).toBe(198);
    expect((await allRows(server.app, tables.orders)).filter((o) => o.productId === product._id)).toHaveLength(1);
    expect((await allRows(server.app, tables.entitlements)).filter((e) => e.objectId === product._id)).toHaveLength(1);
    expect((await allRows(server.app, tables.ledgerTransactions)).filter((t) => t.objectId === product._id)).toHaveLength(1);
    await expectLedgerSound(server.app);
  });

  it('answers a retry with the same Idempotency-Key with the first order', async () => {
    const product = await createProduct(server.app, creator.token, { name: 'Wallpaper', type: 'digital', price: 1 });
    const fan = await fundedFan(10);
    const [a, b] = await Promise.all([buy(server.app, fan.token, product._id, {}, 'key-1'), buy(server.app, fan.token, product._id, {}, 'key-1')]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.json().data.order._id).toBe(a.json().data.order._id);
    expect(await walletBalance(server.app, fan.user.id)).toBe(9);
  });
});
