import crypto from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { pngWithAlpha } from '../support/media-fixtures';
import { api, apiToken, fillLogin, launchBrowser, newContext, signedInPage as openSignedIn } from './support/browser';
import { E2E_FIXTURES } from './support/fixtures';

// The operator console (issue 13) as an operator, a creator and fans use it, in real Chromium
// against the real web and API processes. Each test makes its own accounts and content.
const FAN_PASSWORD = 'fan-e2e-pass-1';
const CREATOR_PASSWORD = 'performer-demo-pass';

let browser: Browser;
const contexts: BrowserContext[] = [];
let adminToken: string;

const signedInPage = (username: string, password: string, landing: string) => openSignedIn(browser, contexts, username, password, landing);
const operator = () => signedInPage(E2E_FIXTURES.admin.username, E2E_FIXTURES.admin.password, '/admin');
const tag = () => crypto.randomBytes(3).toString('hex');

/** A fan made through the real registration route. */
async function newFan() {
  const username = `fan_${tag()}`;
  const res = await api<{ data: { token: string } }>('POST', '/auth/users/register', {
    name: `Fan ${username}`, username, email: `${username}@example.com`, password: FAN_PASSWORD, ageConfirmed: true, termsAccepted: true,
  });
  if (res.status !== 200) throw new Error(`register failed: ${JSON.stringify(res.body)}`);
  return { username, token: res.body.data.token };
}

async function visitor(): Promise<Page> {
  const context = await newContext(browser);
  contexts.push(context);
  return context.newPage();
}

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = await apiToken(E2E_FIXTURES.admin.username, E2E_FIXTURES.admin.password);
});
afterAll(async () => {
  await api('PUT', '/admin/settings', { maintenanceMode: false }, adminToken);
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
});

describe('the operator console in the browser', () => {
  it('lands an operator on the console; maintenance mode takes visitors out while the console keeps working', async () => {
    const ops = await operator();
    await ops.getByRole('heading', { name: 'Dashboard' }).waitFor();

    await ops.goto('/admin/settings?group=access');
    const access = ops.getByRole('form', { name: 'Access' });
    await access.getByRole('switch', { name: 'Maintenance mode' }).click();
    await access.getByRole('button', { name: /Save access/ }).click();
    await ops.getByRole('dialog').getByRole('button', { name: 'Turn it on' }).click();
    await ops.getByText('Maintenance mode is on', { exact: true }).waitFor();

    const guest = await visitor();
    await guest.goto('/');
    await guest.getByTestId('maintenance-screen').waitFor();
    await guest.goto('/creator');
    await guest.getByTestId('maintenance-screen').waitFor();

    // The operator carries on in the console meanwhile.
    await ops.goto('/admin/users');
    await ops.getByRole('heading', { name: 'Users' }).waitFor();
    await ops.getByText('Maintenance mode is on', { exact: true }).waitFor();
    expect(await ops.getByTestId('maintenance-screen').count()).toBe(0);

    await ops.goto('/admin/settings?group=access');
    await ops.getByRole('form', { name: 'Access' }).getByRole('switch', { name: 'Maintenance mode' }).click();
    await ops.getByRole('form', { name: 'Access' }).getByRole('button', { name: /Save access/ }).click();
    await ops.getByText('Maintenance mode is on', { exact: true }).waitFor({ state: 'detached' });
    await guest.goto('/');
    await guest.getByRole('link', { name: /Explore/ }).first().waitFor();
    expect(await guest.getByTestId('maintenance-screen').count()).toBe(0);
  });

  it('puts a creator who registers with documents in the queue; once approved, a fan can subscribe', async () => {
    const username = `new_${tag()}`;
    const creator = await visitor();
    await creator.goto('/auth/register/creator');
    await creator.getByLabel('Display name').fill(`Nova ${username}`);
    await creator.getByLabel('Username').fill(username);
    await creator.getByLabel('Email').fill(`${username}@example.com`);
    await creator.getByLabel('Password', { exact: true }).fill(CREATOR_PASSWORD);
    await creator.getByLabel('Confirm password').fill(CREATOR_PASSWORD);
    await creator.getByLabel('Gender').click();
    await creator.getByTitle('Female').click();
    await creator.getByLabel('Date of birth').fill('1994-05-06');
    await creator.getByLabel('Country').fill('Germany');
    await creator.keyboard.press('Enter');
    const image = await pngWithAlpha(400, 300);
    // A picked image replaces its drop zone with a preview: the selfie's input is then the only one left.
    await creator.locator('input[type=file]').first().setInputFiles({ name: 'id.png', mimeType: 'image/png', buffer: image });
    await creator.getByAltText('Preview').first().waitFor();
    await creator.locator('input[type=file]').first().setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: image });
    await creator.getByAltText('Preview').nth(1).waitFor();
    await creator.getByLabel(/I am 18 or older/).check();
    await creator.getByLabel(/I accept the terms of service/).check();
    await creator.getByRole('button', { name: 'Create creator account' }).click();
    await creator.waitForURL(`**/${username}`);

    // Unverified: a fan cannot pay them yet.
    const fan = await newFan();
    const creatorToken = await apiToken(username, CREATOR_PASSWORD);
    const me = await api<{ data: { _id: string } }>('GET', '/users/me', undefined, creatorToken);
    await api('PUT', '/performers/me', { isFreeSubscription: true }, creatorToken);
    const early = await api<{ message: string }>('POST', '/payment/subscribe/performers', { performerId: me.body.data._id, type: 'free' }, fan.token);
    expect({ status: early.status, message: early.body.message }).toEqual({ status: 422, message: 'This creator is not verified yet' });

    const ops = await operator();
    await ops.goto('/admin/creator-verifications');
    const card = ops.locator('.ant-card', { hasText: `@${username}` });
    await card.getByRole('img', { name: /Identity document/ }).waitFor();
    await card.getByRole('button', { name: 'Approve' }).click();
    await ops.getByRole('tooltip').getByRole('button', { name: 'Approve' }).click();
    await card.waitFor({ state: 'detached' });

    const fanPage = await signedInPage(fan.username, FAN_PASSWORD, '/home');
    await fanPage.goto(`/${username}`);
    await fanPage.getByRole('button', { name: /Free for/ }).click();
    await fanPage.getByText('You are subscribed', { exact: true }).waitFor();
  });

  it('hides a post a fan reported: the fan no longer sees it', async () => {
    const blakeToken = await apiToken('blake', CREATOR_PASSWORD);
    const text = `Reported in the browser ${tag()}`;
    const post = await api<{ data: { _id: string } }>('POST', '/performer/feeds', { text, access: 'free' }, blakeToken);
    expect(post.status).toBe(200);
    const fan = await newFan();
    const fanPage = await signedInPage(fan.username, FAN_PASSWORD, '/home');
    await fanPage.goto(`/post/${post.body.data._id}`);
    await fanPage.getByText(text).waitFor();
    await fanPage.getByRole('button', { name: 'Report' }).first().click();
    const report = fanPage.getByRole('dialog', { name: 'Report' });
    await report.getByText('Spam or misleading').click();
    await report.getByRole('button', { name: 'Send report' }).click();
    await fanPage.getByText('Report sent').waitFor();

    const ops = await operator();
    await ops.goto('/admin/reports');
    await ops.getByRole('row', { name: new RegExp(text) }).getByRole('button', { name: /Review report/ }).click();
    await ops.getByRole('button', { name: 'Resolve' }).click();
    const resolve = ops.getByRole('dialog', { name: 'Resolve the report' });
    await resolve.getByText('Hide it').click();
    await resolve.getByLabel(/Reason/).fill('Spam: the same link posted again and again');
    await resolve.getByRole('button', { name: 'Hide it' }).click();
    await resolve.waitFor({ state: 'detached' });

    await fanPage.reload();
    await fanPage.getByText('This post does not exist, was deleted or is not published yet.').waitFor();
    expect(await fanPage.title()).toMatch(/^Post not found/);
    expect(await fanPage.getByText(text).count()).toBe(0);
  });

  it('suspends a fan, who is signed out and cannot sign in again', async () => {
    const fan = await newFan();
    const fanPage = await signedInPage(fan.username, FAN_PASSWORD, '/home');

    const ops = await operator();
    await ops.goto(`/admin/users?q=${fan.username}`);
    await ops.getByRole('link', { name: `Fan ${fan.username}` }).first().click();
    await ops.getByRole('heading', { name: `Fan ${fan.username}` }).waitFor();
    await ops.getByRole('button', { name: 'Suspend' }).click();
    const dialog = ops.getByRole('dialog', { name: /Suspend/ });
    await dialog.getByLabel('Reason').fill('Threatening other fans in messages');
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    await ops.getByText(`Fan ${fan.username} is suspended`).waitFor();

    // The next page the fan opens finds the session ended.
    await fanPage.goto('/home');
    await fanPage.waitForURL('**/auth/login**');
    await fillLogin(fanPage, fan.username, FAN_PASSWORD);
    await fanPage.getByText(/This account is suspended\. Reason: Threatening other fans in messages\./).waitFor();
    expect(new URL(fanPage.url()).pathname).toBe('/auth/login');
  });
});
