import type { Browser } from 'playwright-core';
import { PHONE_VIEWPORT, launchBrowser, newContext, fillLogin, pathOf } from './support/browser';
import { E2E_FIXTURES } from './support/fixtures';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('sign-up, sign-in and sign-out in the browser', () => {
  it('offers Sign in and Sign up in the signed-out header at phone width', async () => {
    const context = await newContext(browser, { viewport: PHONE_VIEWPORT });
    const page = await context.newPage();
    await page.goto('/');
    const signUp = page.getByRole('banner').getByRole('link', { name: 'Sign up' });
    await signUp.waitFor();
    expect(await signUp.isVisible()).toBe(true);
    expect(await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).isVisible()).toBe(true);
    // Both fit: the header is not wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
    await signUp.click();
    await page.waitForURL('**/auth/register');
    await context.close();
  });

  it('registers a fan, lands on /home, and logs out to /auth/login', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/auth/register');
    const unique = Date.now().toString(36);
    await page.getByLabel(/^name$/i).fill('Erin Example');
    await page.getByLabel(/^username$/i).fill(`erin_${unique}`);
    await page.getByLabel(/^email$/i).fill(`erin_${unique}@example.com`);
    await page.getByLabel(/^password$/i).fill('correct horse battery');
    await page.getByLabel(/confirm password/i).fill('correct horse battery');
    await page.getByLabel(/I am 18 or older/).check();
    await page.getByLabel(/I accept the terms of service/).check();
    await page.getByRole('button', { name: /create account|sign up|register/i }).click();
    await page.waitForURL('**/home');
    await expect(page.getByText(/Erin Example/).first().isVisible()).resolves.toBe(true);

    await page.getByTestId('user-menu').click();
    await page.getByText(/log out/i).click();
    await page.waitForURL('**/auth/login');
    // Signed out for real: the token cookie is gone and a protected page sends us back to login.
    expect((await context.cookies()).find((c) => c.name === 'token')).toBeUndefined();
    await page.goto('/home');
    expect(await pathOf(page)).toBe('/auth/login?redirect=%2Fhome');
    await context.close();
  });

  it('sends a performer without a username to /creator/account after login', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/auth/login');
    await fillLogin(page, E2E_FIXTURES.performerWithoutUsername.email, E2E_FIXTURES.performerWithoutUsername.password);
    await page.waitForURL('**/creator/account');
    await context.close();
  });

  it('sends a performer with a complete account to their profile page', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/auth/login');
    await fillLogin(page, E2E_FIXTURES.performer.username, E2E_FIXTURES.performer.password);
    await page.waitForURL(`**/${E2E_FIXTURES.performer.username}`);
    await context.close();
  });

  it('sends a signed-out visitor of an authenticate page to login and back there afterwards', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/user/account');
    expect(await pathOf(page)).toBe('/auth/login?redirect=%2Fuser%2Faccount');
    await fillLogin(page, E2E_FIXTURES.fan.username, E2E_FIXTURES.fan.password);
    await page.waitForURL('**/user/account');
    await context.close();
  });

  it('tells a fan on a creator-only page who is signed in, and lets them switch account', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/auth/login');
    await fillLogin(page, E2E_FIXTURES.fan.username, E2E_FIXTURES.fan.password);
    await page.waitForURL('**/home');
    await page.goto('/creator/account');
    expect(await pathOf(page)).toBe('/auth/login');
    await page.getByText(/^You are signed in as /).waitFor();
    await page.getByRole('button', { name: 'Sign in with another account' }).click();
    await page.getByLabel(/email or username/i).waitFor();
    expect((await context.cookies()).find((c) => c.name === 'token')).toBeUndefined();
    await context.close();
  });

  it('shows the server message when the password is wrong', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/auth/login');
    await fillLogin(page, E2E_FIXTURES.fan.username, 'not the password');
    await page.getByText('Incorrect username or password').waitFor();
    expect(await pathOf(page)).toBe('/auth/login');
    await context.close();
  });
});
