import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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

/** The last things each context's pages said (console errors, failed and 4xx/5xx calls), for failure reports. */
const contextLogs = new WeakMap<BrowserContext, string[]>();
/** Every context a test opened and has not closed yet (screenshotted when the test fails). */
const openContexts = new Set<BrowserContext>();

function recordActivity(context: BrowserContext) {
  const lines: string[] = [];
  contextLogs.set(context, lines);
  const add = (line: string) => { lines.push(`${new Date().toISOString().slice(11, 23)} ${line}`); if (lines.length > 40) lines.shift(); };
  context.on('page', (page) => {
    page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') add(`console.${m.type()}: ${m.text().slice(0, 300)}`); });
    page.on('pageerror', (e) => add(`pageerror: ${e.message.slice(0, 300)}`));
    page.on('requestfailed', (r) => add(`failed ${r.method()} ${r.url()}: ${r.failure()?.errorText ?? ''}`));
    page.on('response', (r) => { if (r.status() >= 400) add(`${r.status()} ${r.request().method()} ${r.url()}`); });
    page.on('framenavigated', (f) => { if (f === page.mainFrame()) add(`navigated ${f.url()}`); });
  });
}

/** A phone's viewport (an iPhone 14's CSS pixels), for the phone-width checks. */
export const PHONE_VIEWPORT = { width: 390, height: 844 };

export async function newContext(
  browser: Browser,
  options: { headers?: Record<string, string>; colorScheme?: 'light' | 'dark'; viewport?: { width: number; height: number } } = {},
): Promise<BrowserContext> {
  const { webUrl } = readState();
  const context = await browser.newContext({
    baseURL: webUrl,
    extraHTTPHeaders: options.headers,
    colorScheme: options.colorScheme ?? 'light',
    // No opening animations (the app honours prefers-reduced-motion): a dropdown's item is where it
    // will stay when the click lands, even when a busy machine draws few frames.
    reducedMotion: 'reduce',
    viewport: options.viewport ?? { width: 1280, height: 800 },
  });
  recordActivity(context);
  openContexts.add(context);
  context.on('close', () => openContexts.delete(context));
  return context;
}

/**
 * Registered for every browser test file (setup.ts): after a test whose body failed (the flag is set
 * by the environment, environment.ts), reports the contexts still open.
 */
export async function reportIfFailed() {
  const failed = (globalThis as { __e2eFailed?: string | false }).__e2eFailed;
  if (failed) await reportFailure(failed, [...openContexts]);
}

/**
 * After a failed test: a screenshot of every open page (in E2E_FAILURE_DIR, default
 * <tmp>/e2e-failures) and, on stderr, each page's address and its recent activity.
 */
async function reportFailure(testName: string, contexts: BrowserContext[]) {
  const dir = process.env.E2E_FAILURE_DIR || path.join(os.tmpdir(), 'e2e-failures');
  fs.mkdirSync(dir, { recursive: true });
  const slug = testName.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
  const report: string[] = [`Browser test failed: ${testName}`];
  for (const [c, context] of contexts.entries()) {
    for (const [p, page] of context.pages().entries()) {
      const file = path.join(dir, `${slug}-${c}-${p}.png`);
      await page.screenshot({ path: file, fullPage: true, timeout: 5000 }).catch(() => undefined);
      report.push(`context ${c} page ${p}: ${page.url()} (screenshot ${file})`);
    }
    report.push(...(contextLogs.get(context) ?? []).map((l) => `  ${l}`));
  }
  process.stderr.write(`${report.join('\n')}\n`);
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

/**
 * Signs out through the account menu and waits for the login page. The menu item is chosen with the
 * keyboard (focus, Enter), a path people use too: CI twice saw a pointer click on it land on a
 * spot of the open popup that was not the item, and the menu stayed open.
 */
export async function logOutThroughMenu(page: Page) {
  await page.getByTestId('user-menu').click();
  const item = page.getByRole('menuitem', { name: /log out/i });
  await item.focus();
  await item.press('Enter');
  await page.waitForURL('**/auth/login');
}

export async function pathOf(page: Page): Promise<string> {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

/**
 * Waits for the address to match `url` AND for that page to be the one on screen: Next changes the
 * address before it commits the new page, so the previous page's header (the sign-in page's search box
 * and account menu, say) can still be what a locator finds and clicks. The app shell marks the
 * committed page's path on <html data-rendered-path>.
 */
export async function waitForPage(page: Page, url: string | RegExp | ((url: URL) => boolean)) {
  await page.waitForURL(url);
  await page.waitForFunction(() => document.documentElement.dataset.renderedPath === location.pathname);
}

/** A fresh context (remembered in `contexts`, for closing) signed in through the login form, waiting for `landing`. */
export async function signedInPage(browser: Browser, contexts: BrowserContext[], username: string, password: string, landing: string): Promise<Page> {
  const context = await newContext(browser);
  contexts.push(context);
  const page = await context.newPage();
  await page.goto('/auth/login');
  await fillLogin(page, username, password);
  await waitForPage(page, `**${landing}`);
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
