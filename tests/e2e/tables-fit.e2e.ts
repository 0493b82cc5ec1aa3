import type { Page } from 'playwright-core';
import { api, apiToken, apiUpload, browserPerFile, PHONE_VIEWPORT, registerFanByApi, signedInPage } from './support/browser';
import { pdf, pngWithAlpha } from '../support/media-fixtures';

/**
 * Issue 14 "pages that fit": every list page of a fan and of a creator, with rows in it, at 1280 px
 * (tables whose action buttons are all in view) and at 390 px (cards), never wider than the window.
 * The data is made here through the API: a new fan buys, tips, subscribes and saves cards from one
 * of the seeded generated creators (no other browser test touches those), who then asks for a payout.
 */
const suite = browserPerFile();
const CREATOR_PASSWORD = 'performer-demo-pass';
const NAMED = new Set(['aurora', 'blake', 'cleo', 'nova']);
const DESKTOP = { width: 1280, height: 800 };
const stamp = Date.now().toString(36);

type Id = { data: { _id: string } };
const fan = { username: '', password: '', token: '' };
const creator = { username: '', token: '', id: '' };

async function ok<T>(call: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const res = await call;
  if (res.status !== 200) throw new Error(`${what} failed (${res.status}): ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A product of the creator's store (multipart, as the store's form sends it). */
async function product(fields: Record<string, string>, digital: boolean): Promise<string> {
  const files = {
    image: { content: await pngWithAlpha(), filename: 'cover.png', type: 'image/png' },
    ...(digital ? { digitalFile: { content: pdf(), filename: 'guide.pdf', type: 'application/pdf' } } : {}),
  };
  const body = await ok(apiUpload<Id>('/performer/performer-assets/products', { status: 'active', ...fields }, files, creator.token), 'product');
  return body.data._id;
}

/** A digital product can be bought once its file is checked; a moment after upload at most. */
async function buy(productId: string, body: object) {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const res = await api('POST', `/wallet/charges/product/${productId}`, body, fan.token);
    if (res.status === 200) return;
    if (res.status !== 409 && res.status !== 422) throw new Error(`purchase failed (${res.status}): ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the product never became buyable');
}

beforeAll(async () => {
  const found = await ok(api<{ data: { data: { _id: string; username: string }[] } }>('GET', '/performers/user/search?limit=50'), 'creator search');
  const picked = found.data.data.filter((p) => p.username && !NAMED.has(p.username)).pop();
  if (!picked) throw new Error('no generated creator to sell');
  Object.assign(creator, { username: picked.username, id: picked._id, token: await apiToken(picked.username, CREATOR_PASSWORD) });

  await ok(api('PUT', '/performers/me', { monthlyPrice: 10 }, creator.token), 'price');
  await ok(api('POST', '/performer/feeds', { text: `A free post that fits ${stamp}`, access: 'free' }, creator.token), 'free post');
  const salePost = await ok(api<Id>('POST', '/performer/feeds', { text: `A post for sale ${stamp}`, access: 'sale', price: 5 }, creator.token), 'sale post');
  const print = await product({ name: `Signed print with a rather long name ${stamp}`, type: 'physical', price: '30', stock: '12' }, false);
  const guide = await product({ name: `Field guide ${stamp}`, type: 'digital', price: '10' }, true);
  await ok(api('POST', '/stripe/accounts', {}, creator.token), 'payout account');

  const registered = await registerFanByApi('Fit Fan');
  Object.assign(fan, { username: registered.username, password: registered.password, token: await apiToken(registered.username, registered.password) });
  const card = { expMonth: 12, expYear: 2034, cvc: '123', holderName: registered.name, save: true };
  await ok(api('POST', '/payment/wallet/top-up', { amount: 200, card: { ...card, number: '4242 4242 4242 4242' } }, fan.token), 'top-up');
  const cards = await ok(api<{ data: { data: { _id: string; last4: string }[] } }>('GET', '/payment-cards', undefined, fan.token), 'cards');
  const visa = cards.data.data.find((c) => c.last4 === '4242')!;
  const address = await ok(api<Id>('POST', '/addresses/create', {
    name: registered.name, country: 'US', state: 'California', city: 'San Francisco', streetAddress: '1234 Long Avenue, Apartment 56', postalCode: '94110', phone: '+1 415 555 0100',
  }, fan.token), 'address');

  await ok(api('POST', `/wallet/charges/tip/${creator.id}`, { amount: 60, message: 'A tip with a message long enough to wrap in a table cell' }, fan.token), 'tip');
  await ok(api('POST', `/wallet/charges/feed/${salePost.data._id}`, {}, fan.token), 'post purchase');
  await ok(api('POST', '/payment/subscribe/performers', { performerId: creator.id, type: 'monthly', cardId: visa._id }, fan.token), 'subscription');
  await buy(print, { quantity: 1, addressId: address.data._id, note: 'Please wrap it as a gift' });
  // Bought last, so it is the first row of both order lists (the fan's Download, the creator's Refund).
  await buy(guide, {});
  await ok(api('POST', '/payout-requests', { amount: 50, method: 'sandbox', note: 'This month' }, creator.token), 'payout request');
  // Last, so it heads the payment history: a declined card, a failed payment with Retry, and a second saved card.
  await ok(api('POST', '/payment/wallet/top-up', { amount: 25, card: { ...card, number: '4000 0000 0000 0002' } }, fan.token), 'declined top-up');
});

/** Everything visible stays inside the window: the page does not scroll sideways and no box sticks out. */
async function expectFits(page: Page, where: string) {
  const report = await page.evaluate(() => {
    const width = window.innerWidth;
    const outside: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      // Collapsed, invisible and 1 px screen-reader-only boxes are nothing anyone sees.
      if (box.width <= 1 || box.height <= 1 || style.visibility === 'hidden' || style.display === 'contents') continue;
      if (box.left < -0.5 || box.right > width + 0.5) {
        outside.push(`${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0]} "${(el.textContent ?? '').trim().slice(0, 30)}" ${Math.round(box.left)}..${Math.round(box.right)}`);
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, width, outside: outside.slice(0, 5) };
  });
  // `where` rides along so a failure names the page and width.
  expect({ where, outside: report.outside, scrolls: report.scrollWidth > report.width }).toEqual({ where, outside: [], scrolls: false });
}

/** At 1280 px each button of the table's first row is inside the window and nothing covers it. */
async function expectFirstRowActionsVisible(page: Page, table: string) {
  const row = page.getByRole('table', { name: table }).locator('tbody tr.ant-table-row').first();
  // The actions column is the last one.
  const buttons = row.locator('td').last().locator('button, a.ant-btn');
  const count = await buttons.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i += 1) {
    const button = buttons.nth(i);
    await button.scrollIntoViewIfNeeded();
    const seen = await button.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const inside = box.left >= 0 && box.right <= window.innerWidth && box.top >= 0 && box.bottom <= window.innerHeight;
      // Whatever is drawn at both ends of the button is the button (not a scrolled-over cell, not a sticky column).
      const ends = [box.left + 2, box.right - 2].map((x) => document.elementFromPoint(x, box.top + box.height / 2));
      return { text: (el.textContent ?? '').trim(), inside, onTop: ends.every((hit) => !!hit && el.contains(hit)) };
    });
    expect(seen).toEqual({ text: seen.text, inside: true, onTop: true });
  }
}

interface ListPage { path: string; label: string; ready: string | RegExp; actions?: boolean }

async function checkPage(page: Page, list: ListPage) {
  await page.setViewportSize(DESKTOP);
  await page.goto(list.path);
  await page.getByText(list.ready).first().waitFor();
  await page.getByRole('table', { name: list.label }).waitFor();
  await expectFits(page, `${list.path} at 1280 px`);
  if (list.actions) await expectFirstRowActionsVisible(page, list.label);

  await page.setViewportSize(PHONE_VIEWPORT);
  await page.goto(list.path);
  await page.getByText(list.ready).first().waitFor();
  await page.getByRole('list', { name: list.label }).waitFor();
  await expectFits(page, `${list.path} at 390 px`);
}

describe('list pages fit the window', () => {
  it("a fan's orders, spending, payments, cards and subscriptions", async () => {
    const page = await signedInPage(suite.browser, suite.contexts, fan.username, fan.password, '/home');
    await checkPage(page, { path: '/user/orders', label: 'My orders', ready: `Field guide ${stamp}`, actions: true });
    await checkPage(page, { path: '/user/wallet-transactions', label: 'Token spending', ready: 'A tip with a message long enough to wrap in a table cell' });
    await checkPage(page, { path: '/user/payment-history', label: 'Card payments', ready: 'Your card was declined.', actions: true });
    // Not tables: a card list and a list of people, which must fit all the same.
    for (const [path, ready] of [['/user/payment-cards', /•••• 0002/], ['/user/my-subscriptions', /Renews on/]] as const) {
      for (const viewport of [DESKTOP, PHONE_VIEWPORT]) {
        await page.setViewportSize(viewport);
        await page.goto(path);
        await page.getByText(ready).first().waitFor();
        await expectFits(page, `${path} at ${viewport.width} px`);
      }
    }
  });

  it("a creator's orders, store, payouts, earnings and posts", async () => {
    const page = await signedInPage(suite.browser, suite.contexts, creator.username, CREATOR_PASSWORD, `/${creator.username}`);
    await checkPage(page, { path: '/creator/my-order', label: 'Orders of my products', ready: `Field guide ${stamp}`, actions: true });
    await checkPage(page, { path: '/creator/my-store', label: 'My products', ready: `Field guide ${stamp}`, actions: true });
    await checkPage(page, { path: '/creator/payout-request', label: 'Payout requests', ready: 'This month', actions: true });
    await checkPage(page, { path: '/creator/earning', label: 'Sales', ready: /Subscription/ });
    // The studio's earnings figures keep to one line at both widths.
    for (const viewport of [DESKTOP, PHONE_VIEWPORT]) {
      await page.setViewportSize(viewport);
      await page.goto('/creator/earning');
      const figures = page.locator('.ant-statistic-content');
      await figures.first().waitFor();
      const heights = await figures.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().height)));
      expect(heights).toHaveLength(6);
      // One line of the 22 px figure is about 33 px high; two would be 60 or more.
      expect(Math.max(...heights)).toBeLessThan(45);
    }
    for (const viewport of [DESKTOP, PHONE_VIEWPORT]) {
      await page.setViewportSize(viewport);
      await page.goto('/creator/my-post');
      await page.getByText(`A post for sale ${stamp}`).waitFor();
      await expectFits(page, `/creator/my-post at ${viewport.width} px`);
    }
  });
});
