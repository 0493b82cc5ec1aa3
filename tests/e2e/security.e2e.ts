import { generate } from 'otplib';
import type { BrowserContext, Page } from 'playwright-core';
import { api, browserPerFile, fillLogin, logOutThroughMenu, newContext, registerFanByApi, signedInPage } from './support/browser';

const suite = browserPerFile();

async function tokenOf(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === 'token');
  if (!cookie) throw new Error('no token cookie');
  return decodeURIComponent(cookie.value);
}

/** The list re-renders after each action: wait until it shows `n` devices. */
async function expectDevices(page: Page, n: number) {
  const items = page.getByRole('region', { name: 'Signed-in devices' }).getByTestId('session-item');
  const deadline = Date.now() + 15_000;
  while ((await items.count()) !== n && Date.now() < deadline) await page.waitForTimeout(200);
  expect(await items.count()).toBe(n);
}

async function openSecurity(page: Page) {
  await page.goto('/user/security');
  await page.getByRole('heading', { name: 'Security' }).waitFor();
}

describe('account security in the browser', () => {
  it('a fan turns on two-factor sign-in, signs out, and signs in with the password and a code', async () => {
    const fan = await registerFanByApi('Sec Fan');
    const page = await signedInPage(suite.browser, suite.contexts, fan.username, fan.password, '/home');

    // The account menu leads to the page.
    await page.getByTestId('user-menu').click();
    await page.getByRole('link', { name: 'Security' }).first().click();
    await page.waitForURL('**/user/security');

    await page.getByRole('button', { name: /Set up two-factor sign-in/ }).click();
    await page.getByAltText('QR code for your authenticator app').waitFor();
    const secret = (await page.locator('code').filter({ hasText: /^[A-Z2-7]{32}$/ }).first().innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    await page.getByLabel('Code from the app').fill(await generate({ secret }));
    await page.getByLabel('Current password').fill(fan.password);
    await page.getByRole('button', { name: 'Turn on' }).click();
    const codes = page.getByLabel('Recovery codes');
    await codes.waitFor();
    expect((await codes.innerText()).trim().split(/\s+/)).toHaveLength(10);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByText('10 recovery codes left.').waitFor();

    await logOutThroughMenu(page);

    await fillLogin(page, fan.username, fan.password);
    const codeField = page.getByLabel('Authentication code');
    await codeField.waitFor();
    // The code of the next 30-second step: the confirming code's step is used up (no replay).
    await codeField.fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/home');
    await page.getByTestId('user-menu').waitFor();
  });

  it('lists both devices of a fan signed in twice, and signing the other out ends it at once', async () => {
    const fan = await registerFanByApi('Sec Fan');
    const here = await signedInPage(suite.browser, suite.contexts, fan.username, fan.password, '/home');
    const elsewhere = await signedInPage(suite.browser, suite.contexts, fan.username, fan.password, '/home');
    const otherToken = await tokenOf(elsewhere.context());
    expect((await api('GET', '/users/me', undefined, otherToken)).status).toBe(200);

    await openSecurity(here);
    const devices = here.getByRole('region', { name: 'Signed-in devices' });
    await devices.getByText('This device').waitFor();
    // Registration's session (made by the API call) and the two browsers.
    await expectDevices(here, 3);
    await expect(devices.getByText('This device').count()).resolves.toBe(1);

    await here.getByRole('button', { name: 'Sign out all other devices' }).click();
    await here.getByRole('button', { name: 'Sign out others' }).click();
    await here.getByText('Other devices signed out').waitFor();
    await expectDevices(here, 1);

    expect((await api('GET', '/users/me', undefined, otherToken)).status).toBe(401);
    expect((await api('GET', '/users/me', undefined, await tokenOf(here.context()))).status).toBe(200);
  });

  it('signs one chosen device out', async () => {
    const fan = await registerFanByApi('Sec Fan');
    const here = await signedInPage(suite.browser, suite.contexts, fan.username, fan.password, '/home');
    // Sign the registration's session out first, so exactly two remain: this one and the other browser.
    await openSecurity(here);
    await here.getByRole('button', { name: 'Sign out all other devices' }).click();
    await here.getByRole('button', { name: 'Sign out others' }).click();
    await here.getByText('Other devices signed out').waitFor();

    const elsewhere = await newContext(suite.browser);
    suite.contexts.push(elsewhere);
    const other = await elsewhere.newPage();
    await other.goto('/auth/login');
    await fillLogin(other, fan.username, fan.password);
    await other.waitForURL('**/home');
    const otherToken = await tokenOf(elsewhere);

    await openSecurity(here);
    const devices = here.getByRole('region', { name: 'Signed-in devices' });
    await expectDevices(here, 2);
    await devices.getByRole('button', { name: /^Sign out / }).click();
    await here.getByRole('button', { name: 'Sign out', exact: true }).click();
    await here.getByText('Device signed out').waitFor();
    await expectDevices(here, 1);
    expect((await api('GET', '/users/me', undefined, otherToken)).status).toBe(401);
  });
});
