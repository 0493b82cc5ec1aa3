import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { api, apiToken, launchBrowser, signedInPage as openSignedIn } from './support/browser';

// blake (seeded, src/server/seed/demo-accounts.ts) is the creator; the fan is made here, so the
// other browser tests' fans keep their follows, wallets and inboxes.
const CREATOR = { username: 'blake', password: 'performer-demo-pass' };
const stamp = Date.now().toString(36);
const FAN = { name: `Msg Fan ${stamp}`, username: `msgfan_${stamp}`, email: `msgfan_${stamp}@example.com`, password: 'fan-messaging-pass' };
const HELLO = `Hi Blake, loved your last set ${stamp}`;
const REPLY = `Thank you for writing ${stamp}`;
const PAID_TEXT = `Something special for you ${stamp}`;

let browser: Browser;
const contexts: BrowserContext[] = [];
let fanToken: string;
let fan: Page;
let creator: Page;

const signedInPage = (username: string, password: string, landing: string) => openSignedIn(browser, contexts, username, password, landing);
const walletOf = async (token: string) => (await api<{ data: { balance: number } }>('GET', '/users/me', undefined, token)).body.data.balance;
const picture = () => sharp({ create: { width: 640, height: 480, channels: 3, background: '#c0507a' } }).jpeg().toBuffer();

beforeAll(async () => {
  browser = await launchBrowser();
  const registered = await api<{ data: { token: string } }>('POST', '/auth/users/register', { name: FAN.name, username: FAN.username, email: FAN.email, password: FAN.password, ageConfirmed: true, termsAccepted: true });
  if (registered.status !== 200) throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
  fanToken = registered.body.data.token ?? (await apiToken(FAN.username, FAN.password));
  // Fans may write to creators they follow (the creators' default setting).
  const blake = await api<{ data: { _id: string } }>('GET', '/performers/blake');
  const followed = await api('POST', `/follows/${blake.body.data._id}`, {}, fanToken);
  if (followed.status !== 200) throw new Error(`follow failed: ${JSON.stringify(followed.body)}`);
  // Tokens for the paid message, through the sandbox card gateway.
  const topUp = await api('POST', '/payment/wallet/top-up', {
    amount: 20,
    card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123', holderName: FAN.name },
  }, fanToken);
  if (topUp.status !== 200) throw new Error(`top-up failed: ${JSON.stringify(topUp.body)}`);
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
});

describe('messaging in the browser', () => {
  it('delivers a fan message to the creator without a reload, and the reply to the fan with an unread badge', async () => {
    fan = await signedInPage(FAN.username, FAN.password, '/home');
    creator = await signedInPage(CREATOR.username, CREATOR.password, `/${CREATOR.username}`);
    await creator.goto('/messages');
    await creator.getByRole('searchbox', { name: 'Search conversations' }).waitFor();

    // The profile's Message button opens (creates) the conversation.
    await fan.goto('/blake');
    await fan.getByRole('button', { name: /^Message / }).click();
    await fan.waitForURL(/\/messages\?conversationId=/);
    const box = fan.getByRole('textbox', { name: 'Message' });
    await box.fill(HELLO);
    await box.press('Enter');
    await fan.getByRole('log').getByText(HELLO).waitFor();

    // The creator's open inbox shows it arrive, with its unread count, without reloading.
    const row = creator.getByRole('button', { name: `${FAN.name}, 1 unread` });
    await row.waitFor();
    await creator.getByRole('link', { name: /^Messages, \d+ unread$/ }).waitFor();
    await row.click();
    await creator.getByRole('log').getByText(HELLO).waitFor();
    await creator.getByRole('button', { name: FAN.name, exact: true }).waitFor();

    // The fan leaves the thread; the reply raises the header badge there without a reload.
    await fan.goto('/home');
    await fan.getByRole('link', { name: 'Messages', exact: true }).waitFor();
    const reply = creator.getByRole('textbox', { name: 'Message' });
    await reply.fill(REPLY);
    await reply.press('Enter');
    await creator.getByRole('log').getByText(REPLY).waitFor();
    await fan.getByRole('link', { name: 'Messages, 1 unread' }).waitFor();

    // Opening the conversation reads it: the badge goes back.
    await fan.getByRole('link', { name: 'Messages, 1 unread' }).click();
    await fan.getByRole('button', { name: /Blake/ }).first().click();
    await fan.getByRole('log').getByText(REPLY).waitFor();
    await fan.getByRole('link', { name: 'Messages', exact: true }).waitFor();
  });

  it('lets the creator send a paid photo, which the fan unlocks with tokens', async () => {
    const before = await walletOf(fanToken);
    await creator.locator('[data-testid="pick-photo"]').setInputFiles([{ name: 'gift.jpg', mimeType: 'image/jpeg', buffer: await picture() }]);
    await creator.getByText('Ready to send').waitFor();
    await creator.getByLabel('Price (tokens)').fill('3');
    await creator.getByRole('textbox', { name: 'Message' }).fill(PAID_TEXT);
    await creator.getByRole('button', { name: /send/i }).click();
    await creator.getByRole('log').getByText(PAID_TEXT).waitFor();
    await creator.getByText('Paid message · 3.00 tokens').waitFor();

    // The fan, in the open thread, receives it locked: blurred preview and the price.
    const locked = fan.getByRole('group', { name: 'Paid message' });
    await locked.waitFor();
    await locked.getByRole('button', { name: 'Unlock for 3.00 tokens' }).click();
    await fan.getByRole('dialog').getByRole('button', { name: 'Pay 3.00 tokens' }).click();
    await fan.getByRole('img', { name: 'Photo 1 of the message' }).waitFor();
    expect(await locked.count()).toBe(0);
    expect(await walletOf(fanToken)).toBe(before - 3);
  });
});
