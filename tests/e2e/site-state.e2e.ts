import type { Browser } from 'playwright-core';
import { api, apiToken, launchBrowser, newContext } from './support/browser';
import { E2E_FIXTURES } from './support/fixtures';

// An address the bundled IP database places in Germany (checked in tests/server/geo too).
const GERMAN_IP = '5.9.0.1';

let browser: Browser;
let adminToken: string;
beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = await apiToken(E2E_FIXTURES.admin.username, E2E_FIXTURES.admin.password);
});
afterAll(async () => {
  await api('PUT', '/admin/settings', { maintenanceMode: false, blockedCountries: [] }, adminToken);
  await browser?.close();
});

describe('site-wide states in the browser', () => {
  it('keeps the chosen theme after a reload', async () => {
    const context = await newContext(browser, { colorScheme: 'light' });
    const page = await context.newPage();
    await page.goto('/auth/login');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    // By its title: below 1440 px the switch shows icons only (the words stay for screen readers).
    await page.getByTestId('theme-switch').getByTitle('Dark').click();
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await context.close();
  });

  it('shows the maintenance screen on every page while maintenance mode is on, but the sign-in page operators need', async () => {
    const on = await api('PUT', '/admin/settings', { maintenanceMode: true }, adminToken);
    expect(on.status).toBe(200);
    const context = await newContext(browser);
    const page = await context.newPage();
    // (A page that needs a signed-in visitor sends them to the login page, which stays open.)
    for (const path of ['/', '/creator', '/aurora']) {
      await page.goto(path);
      await page.getByTestId('maintenance-screen').waitFor();
    }
    await page.goto('/auth/login');
    await page.getByLabel(/email or username/i).waitFor();
    expect(await page.getByTestId('maintenance-screen').count()).toBe(0);
    await api('PUT', '/admin/settings', { maintenanceMode: false }, adminToken);
    await page.goto('/');
    expect(await page.getByTestId('maintenance-screen').count()).toBe(0);
    await context.close();
  });

  it('shows the geo-blocked screen to a visitor from a blocked country only', async () => {
    await api('PUT', '/admin/settings', { blockedCountries: ['DE'] }, adminToken);
    const blocked = await newContext(browser, { headers: { 'X-Forwarded-For': GERMAN_IP } });
    const page = await blocked.newPage();
    await page.goto('/');
    await page.getByTestId('geo-blocked').waitFor();
    await blocked.close();

    const allowed = await newContext(browser);
    const other = await allowed.newPage();
    await other.goto('/');
    expect(await other.getByTestId('geo-blocked').count()).toBe(0);
    await allowed.close();
    await api('PUT', '/admin/settings', { blockedCountries: [] }, adminToken);
  });
});
