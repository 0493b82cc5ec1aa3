import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { api, apiToken, registerFanByApi, signedInPage as openSignedIn } from './support/browser';
import { chromiumPath } from './support/env';
import { E2E_FIXTURES } from './support/fixtures';

// blake (seeded, src/server/seed/demo-accounts.ts) takes private show requests; the fans are made here.
const CREATOR = { id: '', username: 'blake', name: 'Blake Rivers', password: 'performer-demo-pass' };
const NOTE = `A birthday show please ${Date.now().toString(36)}`;
const VIDEO_FAILED = 'Video could not connect. Chat still works.';

let browser: Browser;
const contexts: BrowserContext[] = [];
let adminToken: string;
let creatorToken: string;
let fan: { username: string; password: string; name: string };
let fanToken: string;
let thirdToken: string;

const signedInPage = (username: string, password: string, landing: string) => openSignedIn(browser, contexts, username, password, landing);
const walletOf = async (token: string) => (await api<{ data: { balance: number } }>('GET', '/users/me', undefined, token)).body.data.balance;

beforeAll(async () => {
  // A fake camera and microphone, allowed at once (as streaming.e2e.ts).
  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage',
      '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream',
    ],
  });
  adminToken = await apiToken(E2E_FIXTURES.admin.username, E2E_FIXTURES.admin.password);
  const on = await api('PUT', '/admin/settings', { agoraEnable: true, agoraAppId: 'a1b2c3d4e5f60718293a4b5c6d7e8f90' }, adminToken);
  if (on.status !== 200) throw new Error(`settings failed: ${JSON.stringify(on.body)}`);
  creatorToken = await apiToken(CREATOR.username, CREATOR.password);
  CREATOR.id = (await api<{ data: { _id: string } }>('GET', '/users/me', undefined, creatorToken)).body.data._id;

  fan = await registerFanByApi('Show Fan');
  fanToken = await apiToken(fan.username, fan.password);
  // Following lets the fan write to the creator (the who-may-write rule), and so ask for a show.
  const followed = await api('POST', `/follows/${CREATOR.id}`, {}, fanToken);
  if (followed.status !== 200) throw new Error(`follow failed: ${JSON.stringify(followed.body)}`);
  const topUp = await api('POST', '/payment/wallet/top-up', {
    amount: 20,
    card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123', holderName: fan.name },
  }, fanToken);
  if (topUp.status !== 200) throw new Error(`top-up failed: ${JSON.stringify(topUp.body)}`);
  const third = await registerFanByApi('Third Fan');
  thirdToken = await apiToken(third.username, third.password);
});
afterAll(async () => {
  // Leave the site as the other browser tests expect it: nobody live, live off, no requests taken.
  const me = await api<{ data: { current: { _id: string } | null } }>('GET', '/streaming/me', undefined, creatorToken).catch(() => null);
  const running = me?.body.data?.current;
  if (running) await api('PUT', `/streaming/live/${running._id}`, { isStreaming: false }, creatorToken);
  if (creatorToken) await api('PUT', '/private-shows/settings', { enabled: false }, creatorToken);
  if (adminToken) await api('PUT', '/admin/settings', { agoraEnable: false, agoraAppId: '' }, adminToken);
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
});

describe('private shows in the browser', () => {
  let creator: Page;
  let fanPage: Page;

  it('the creator takes requests at a price', async () => {
    creator = await signedInPage(CREATOR.username, CREATOR.password, `/${CREATOR.username}`);
    await creator.goto('/creator/private-shows');
    await creator.getByRole('switch', { name: 'Take private show requests' }).click();
    await creator.getByLabel('Price per show').fill('7');
    await creator.getByRole('button', { name: 'Save' }).click();
    await creator.getByText('Changes saved').waitFor();
    await creator.getByText('No requests waiting').waitFor();
  });

  it('a fan asks from the profile; the request reaches the creator live; nobody else sees it', async () => {
    fanPage = await signedInPage(fan.username, fan.password, '/home');
    await fanPage.goto(`/${CREATOR.username}`);
    await fanPage.getByRole('button', { name: /Private show · 7\.00 tokens/ }).click();
    await fanPage.getByLabel('Message to the creator').fill(NOTE);
    await fanPage.getByRole('button', { name: 'Send request' }).click();
    await fanPage.getByText('Private show requested').waitFor();

    // The creator's open page shows it without a reload, counted as new.
    await creator.getByText(NOTE).waitFor();
    await creator.getByText(fan.name, { exact: true }).waitFor();
    await creator.getByText(`${fan.name} asks for a private show`).waitFor();
    const others = await api<{ data: { total: number } }>('GET', '/private-shows', undefined, thirdToken);
    expect(others.body.data.total).toBe(0);
  });

  it('the creator accepts: the studio opens the private show, the fan joins, pays and the video degrades offline', async () => {
    const before = await walletOf(fanToken);
    await creator.getByRole('button', { name: 'Accept' }).click();
    await creator.waitForURL('**/creator/live');
    await creator.getByText(`Private show with ${fan.name}`).waitFor();
    await creator.getByRole('button', { name: 'End stream' }).waitFor();

    // The fan's profile button turns into the way in, live.
    const join = fanPage.getByRole('link', { name: /Join private show \(7\.00 tokens\)/ });
    await join.waitFor();
    await join.click();
    await fanPage.waitForURL(`**/streaming/${CREATOR.username}`);
    await fanPage.getByText(`Your private show with ${CREATOR.name}: 7.00 tokens`).waitFor();
    await fanPage.getByRole('button', { name: /Unlock for 7\.00 tokens/ }).click();
    await fanPage.getByRole('button', { name: /Pay 7\.00 tokens/ }).click();
    await fanPage.getByText('Live chat').waitFor();
    expect(await walletOf(fanToken)).toBeCloseTo(before - 7, 2);
    // Agora is unreachable here: the video says so, as for any live stream.
    await fanPage.getByText(VIDEO_FAILED).waitFor({ timeout: 60_000 });

    // A third account can neither see the show nor get its video token.
    const seen = await api<{ data: { _id: string } }>('GET', `/streaming/join/${CREATOR.username}`, undefined, thirdToken);
    expect(seen.status).toBe(404);
    const mine = await api<{ data: { current: { _id: string } } }>('GET', '/streaming/me', undefined, creatorToken);
    const token = await api('POST', '/streaming/agora/token', { channelName: mine.body.data.current._id }, thirdToken);
    expect(token.status).toBe(404);
  });
});
