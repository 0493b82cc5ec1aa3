import type { Page } from 'playwright-core';
import { api, apiToken, browserPerFile, registerFanByApi, signedInPage } from './support/browser';

// aurora (seeded, README "Demo accounts") is told; the tipping fan is made here, so other browser
// tests keep their own wallets. Figures are read from the server first, since other tests may have
// left aurora notifications.
const CREATOR = { username: 'aurora', password: 'performer-demo-pass' };
const suite = browserPerFile();

type UnreadCount = { data: { total: number } };
type NotificationList = { data: { data: { kind: string; link: string | null; readAt: string | null; actor: { username: string | null } | null }[] } };

async function fanWithTokens(prefix: string) {
  const fan = await registerFanByApi(prefix);
  const token = await apiToken(fan.username, fan.password);
  const topUp = await api('POST', '/payment/wallet/top-up', {
    amount: 20,
    card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123', holderName: fan.name },
  }, token);
  if (topUp.status !== 200) throw new Error(`top-up failed: ${JSON.stringify(topUp.body)}`);
  return { ...fan, token };
}

/** The bell once it says this figure (its accessible name carries it). */
const bellSaying = (page: Page, unread: number) =>
  page.locator(`[data-testid="notification-bell"][aria-label="Notifications, ${unread} unread"]`);

describe('notifications in the browser', () => {
  it("a fan's tip reaches the creator's bell live; opening it marks it read and lands on its page; mark all read", async () => {
    const creatorToken = await apiToken(CREATOR.username, CREATOR.password);
    const unreadNow = async () => (await api<UnreadCount>('GET', '/notifications/unread-count', undefined, creatorToken)).body.data.total;
    const before = await unreadNow();

    const creator = await signedInPage(suite.browser, suite.contexts, CREATOR.username, CREATOR.password, `/${CREATOR.username}`);
    await bellSaying(creator, before).waitFor();
    // Set on this very page: still there afterwards means nothing reloaded it.
    await creator.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });

    // Another person, in another browser context, tips the creator from the profile.
    const fan = await fanWithTokens('Bell Tipper');
    const fanPage = await signedInPage(suite.browser, suite.contexts, fan.username, fan.password, '/home');
    await fanPage.goto(`/${CREATOR.username}`);
    await fanPage.getByRole('button', { name: 'Send tip' }).first().click();
    const tip = fanPage.getByRole('dialog', { name: /^Send a tip to / });
    await tip.getByLabel('Amount (tokens)').fill('10');
    await tip.getByRole('button', { name: 'Send tip' }).click();
    await tip.waitFor({ state: 'hidden' });

    // The creator's figure goes up without a reload.
    await bellSaying(creator, before + 1).waitFor();
    expect(await creator.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

    // The dropdown shows the tip first; clicking it marks it read and opens its page.
    await creator.getByTestId('notification-bell').click();
    const panel = creator.getByRole('dialog', { name: 'Notifications' });
    const item = panel.getByTestId('notification-item').first();
    await item.filter({ hasText: `${fan.name} tipped you 10.00 tokens` }).waitFor();
    await item.click();
    await creator.waitForURL('**/creator/earning');
    await bellSaying(creator, before).waitFor();
    const latest = await api<NotificationList>('GET', '/notifications?limit=1', undefined, creatorToken);
    expect(latest.body.data.data[0]).toMatchObject({ kind: 'tip_received', link: '/creator/earning', actor: { username: fan.username } });
    expect(latest.body.data.data[0].readAt).not.toBeNull();

    // The fan follows too (one more, live), then "Mark all as read": the figure is the server's 0.
    const aurora = await api<{ data: { _id: string } }>('GET', `/performers/${CREATOR.username}`);
    const followed = await api('POST', `/follows/${aurora.body.data._id}`, {}, fan.token);
    if (followed.status !== 200) throw new Error(`follow failed: ${JSON.stringify(followed.body)}`);
    await bellSaying(creator, before + 1).waitFor();
    await creator.getByTestId('notification-bell').click();
    await panel.getByTestId('notification-item').first().filter({ hasText: `${fan.name} started following you` }).waitFor();
    await panel.getByRole('button', { name: 'Mark all as read' }).click();
    await bellSaying(creator, 0).waitFor();
    expect(await unreadNow()).toBe(0);
    await panel.getByRole('link', { name: 'See all' }).click();
    await creator.waitForURL('**/notifications');
    await creator.getByText('All read').waitFor();
    await creator.getByTestId('notification-item').filter({ hasText: `${fan.name} tipped you 10.00 tokens` }).waitFor();
  });
});
