import { api, apiToken, browserPerFile, registerFanByApi, signedInPage } from './support/browser';

// aurora (seeded, README "Demo accounts") is the creator; the fans are made here, so other
// browser tests keep their own follows, wallets and inboxes.
const CREATOR = { username: 'aurora', password: 'performer-demo-pass' };
const suite = browserPerFile();

type Stats = { data: { earnings: { today: { net: number; count: number } } } };
type Earnings = { data: { data: { net: number; type: string; user: { _id: string } | null }[] } };

async function fanWithTokens(prefix: string) {
  const fan = await registerFanByApi(prefix);
  const token = await apiToken(fan.username, fan.password);
  const topUp = await api('POST', '/payment/wallet/top-up', {
    amount: 20,
    card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123', holderName: fan.name },
  }, token);
  if (topUp.status !== 200) throw new Error(`top-up failed: ${JSON.stringify(topUp.body)}`);
  const me = await api<{ data: { _id: string } }>('GET', '/users/me', undefined, token);
  return { ...fan, token, id: me.body.data._id };
}

const TWO_DECIMALS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

describe('creator studio in the browser', () => {
  it("a fan tips; the creator lands on the dashboard and sees that tip in today's earnings", async () => {
    const creatorToken = await apiToken(CREATOR.username, CREATOR.password);
    const before = (await api<Stats>('GET', '/performer/dashboard/stats', undefined, creatorToken)).body.data.earnings.today;

    const fan = await fanWithTokens('Studio Tipper');
    const fanPage = await signedInPage(suite.browser, suite.contexts, fan.username, fan.password, '/home');
    await fanPage.goto('/aurora');
    await fanPage.getByRole('button', { name: 'Send tip' }).first().click();
    const tip = fanPage.getByRole('dialog', { name: /^Send a tip to / });
    await tip.getByLabel('Amount (tokens)').fill('10');
    await tip.getByRole('button', { name: 'Send tip' }).click();
    await tip.waitFor({ state: 'hidden' });

    // What the ledger credited the creator for this tip (the net of the creator's commission).
    const sales = await api<Earnings>('GET', '/performer/earning/search?type=tip&limit=1', undefined, creatorToken);
    const sale = sales.body.data.data[0];
    expect(sale.user?._id).toBe(fan.id);
    const expected = TWO_DECIMALS.format(Math.round((before.net + sale.net) * 100) / 100);

    // Signing in lands a creator on their profile (spec 4); the account menu opens the studio,
    // whose dashboard's first figure is today's earnings.
    const creator = await signedInPage(suite.browser, suite.contexts, CREATOR.username, CREATOR.password, `/${CREATOR.username}`);
    await creator.getByTestId('user-menu').click();
    await creator.getByRole('menuitem', { name: /Creator studio/ }).click();
    await creator.waitForURL('**/creator/dashboard');
    // The card's figure (antd renders its integer and decimals apart, under the card's title).
    const today = creator.getByTestId('earned-today').locator('.ant-statistic-content-value');
    await today.waitFor();
    expect((await today.innerText()).replace(/\s/g, '')).toBe(expected);
    await creator.getByText(`${before.count + 1} ${before.count + 1 === 1 ? 'sale' : 'sales'}`).first().waitFor();
    // The studio's navigation is there (desktop width: the sidebar).
    await creator.getByRole('complementary', { name: 'Creator studio navigation' }).getByRole('link', { name: 'Earnings' }).waitFor();
  });

  it('a creator messages a follower first, from the followers list', async () => {
    const fan = await fanWithTokens('Studio Follower');
    const aurora = await api<{ data: { _id: string } }>('GET', '/performers/aurora');
    const followed = await api('POST', `/follows/${aurora.body.data._id}`, {}, fan.token);
    if (followed.status !== 200) throw new Error(`follow failed: ${JSON.stringify(followed.body)}`);
    const text = `Thanks for following, ${fan.name}!`;

    const creator = await signedInPage(suite.browser, suite.contexts, CREATOR.username, CREATOR.password, `/${CREATOR.username}`);
    await creator.goto(`/creator/followers?q=${encodeURIComponent(fan.username)}`);
    await creator.getByRole('button', { name: `Message ${fan.name}` }).click();
    await creator.waitForURL(/\/messages\?conversationId=/);
    const box = creator.getByRole('textbox', { name: 'Message' });
    await box.fill(text);
    await box.press('Enter');
    await creator.getByRole('log').getByText(text).waitFor();

    // The fan finds it in their inbox.
    const inbox = await api<{ data: { data: { lastMessage: { text: string } | null }[] } }>('GET', '/conversations', undefined, fan.token);
    expect(inbox.body.data.data.map((c) => c.lastMessage?.text)).toContain(text);
  });
});
