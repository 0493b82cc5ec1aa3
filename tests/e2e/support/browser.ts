import crypto from 'node:crypto';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { chromiumPath, readState } from './env';

export const DEMO_PASSWORD_NOTE = 'see src/server/seed/demo.ts';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage',
    ],
  });
}

export async function newContext(browser: Browser, options: { headers?: Record<string, string>; colorScheme?: 'light' | 'dark' } = {}): Promise<BrowserContext> {
  const { webUrl } = readState();
  return browser.newContext({
    baseURL: webUrl,
    extraHTTPHeaders: options.headers,
    colorScheme: options.colorScheme ?? 'light',
    viewport: { width: 1280, height: 800 },
  });
}

/** Calls the API directly, as a test fixture would (not through the page). */
export async function api<T = unknown>(method: string, url: string, body?: unknown, token?: string): Promise<{ status: number; body: T }> {
  const { apiUrl } = readState();
  const res = await fetch(`${apiUrl}${url}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: token ?? '' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

/** A multipart call to the API (files as in a browser's FormData), as a test fixture would make it. */
export async function apiUpload<T = unknown>(
  url: string, fields: Record<string, string>, files: Record<string, { content: Buffer; filename: string; type: string }>, token: string,
): Promise<{ status: number; body: T }> {
  const { apiUrl } = readState();
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, file] of Object.entries(files)) form.append(name, new Blob([new Uint8Array(file.content)], { type: file.type }), file.filename);
  const res = await fetch(`${apiUrl}${url}`, { method: 'POST', headers: { authorization: token }, body: form });
  return { status: res.status, body: (await res.json()) as T };
}

/** The wallet balance the header shows (the account menu's figure), as a number. */
export async function headerBalance(page: Page): Promise<number> {
  await page.getByTestId('user-menu').click();
  const text = await page.getByTestId('wallet-balance').last().innerText();
  await page.keyboard.press('Escape');
  await page.getByTestId('wallet-balance').last().waitFor({ state: 'hidden' });
  return Number(text.replace(/[^0-9.]/g, ''));
}

export async function apiToken(username: string, password: string): Promise<string> {
  const res = await api<{ data: { token: string } }>('POST', '/auth/login', { username, password });
  if (res.status !== 200) throw new Error(`login ${username} failed: ${JSON.stringify(res.body)}`);
  return res.body.data.token;
}

export async function fillLogin(page: Page, username: string, password: string, remember = false) {
  await page.getByLabel(/email or username/i).fill(username);
  await page.getByLabel(/^password$/i).fill(password);
  if (remember) await page.getByLabel(/remember me/i).check();
  await page.getByRole('button', { name: /sign in|log in/i }).click();
}

export async function pathOf(page: Page): Promise<string> {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

/** A fresh context (remembered in `contexts`, for closing) signed in through the login form, waiting for `landing`. */
export async function signedInPage(browser: Browser, contexts: BrowserContext[], username: string, password: string, landing: string): Promise<Page> {
  const context = await newContext(browser);
  contexts.push(context);
  const page = await context.newPage();
  await page.goto('/auth/login');
  await fillLogin(page, username, password);
  await page.waitForURL(`**${landing}`);
  return page;
}

/**
 * One Chromium for a test file, launched before its tests and closed after them with every
 * context the tests remembered in `contexts`. Read `suite.browser` inside the tests.
 */
export function browserPerFile(): { browser: Browser; contexts: BrowserContext[] } {
  const suite = { browser: undefined as unknown as Browser, contexts: [] as BrowserContext[] };
  beforeAll(async () => {
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const c of suite.contexts) await c.close().catch(() => undefined);
    await suite.browser?.close();
  });
  return suite;
}

/** A new fan registered through the API (with the sign-up consent), as a fixture: name, username, email, password. */
export async function registerFanByApi(prefix: string) {
  const suffix = crypto.randomBytes(4).toString('hex');
  const fan = { name: `${prefix} ${suffix}`, username: `${prefix.toLowerCase().replace(/\W+/g, '_')}_${suffix}`, email: `${prefix.toLowerCase().replace(/\W+/g, '-')}-${suffix}@example.com`, password: 'correct horse battery' };
  const res = await api('POST', '/auth/users/register', { ...fan, ageConfirmed: true, termsAccepted: true });
  if (res.status !== 200) throw new Error(`register failed: ${JSON.stringify(res.body)}`);
  return fan;
}
