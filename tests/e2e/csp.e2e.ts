import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext, fillLogin } from './support/browser';
import { E2E_FIXTURES } from './support/fixtures';

/**
 * Issue 15 section 4: every page is served with a nonce-based Content-Security-Policy; the pages
 * work under it (no violations), and a script injected without the nonce does not run.
 */
let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
});

declare global {
  interface Window {
    __csp?: string[];
    __injected?: boolean;
    __handler?: boolean;
  }
}

/** A context that records every CSP violation report and CSP console error of its pages. */
async function watchedPage(): Promise<{ page: Page; problems: () => Promise<string[]> }> {
  const context = await newContext(browser);
  contexts.push(context);
  await context.addInitScript(() => {
    window.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__csp!.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (msg) => {
    if (/Content.Security.Policy/i.test(msg.text())) consoleErrors.push(msg.text());
  });
  return { page, problems: async () => [...consoleErrors, ...((await page.evaluate(() => window.__csp ?? [])) as string[])] };
}

const nonceOf = (policy: string) => /'nonce-([^']+)'/.exec(policy)?.[1];

describe('Content-Security-Policy on the web pages', () => {
  it.each(['/', '/auth/login', `/${E2E_FIXTURES.performer.username}`])(
    '%s: a fresh nonce on every response, on every <script>, and no violation while the page works',
    async (path) => {
      const { page, problems } = await watchedPage();
      const first = await page.goto(path, { waitUntil: 'networkidle' });
      const policy = (await first!.allHeaders())['content-security-policy'];
      expect(policy).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
      expect(policy).toContain("object-src 'none'");
      expect(policy).toContain("base-uri 'self'");
      expect(policy).toContain("frame-ancestors 'self'");
      const nonce = nonceOf(policy)!;
      const html = await first!.text();
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(2);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);

      const again = await page.goto(path, { waitUntil: 'networkidle' });
      expect(nonceOf((await again!.allHeaders())['content-security-policy'])).not.toBe(nonce);
      // Hydrated and styled: the app's own scripts ran under the policy.
      await page.locator('header, main').first().waitFor();
      expect(await problems()).toEqual([]);
    },
  );

  it('a signed-in fan (API calls, the socket) browses without a violation', async () => {
    const { page, problems } = await watchedPage();
    await page.goto('/auth/login');
    await fillLogin(page, E2E_FIXTURES.fan.username, E2E_FIXTURES.fan.password);
    await page.waitForURL('**/home');
    await page.goto(`/${E2E_FIXTURES.performer.username}`, { waitUntil: 'networkidle' });
    await page.getByTestId('user-menu').waitFor();
    expect(await problems()).toEqual([]);
  });

  it('markup injected into the page (inline script, event handler, srcdoc frame) without the nonce does not run', async () => {
    const { page, problems } = await watchedPage();
    // As if stored markup had slipped into the server-rendered HTML: the real response, same headers.
    await page.route('**/auth/login', async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(
        '<body>',
        '<body><script>window.__injected = true</script><img src="/no-such-image.png" onerror="window.__handler = true">',
      );
      await route.fulfill({ response, body });
    });
    await page.goto('/auth/login', { waitUntil: 'networkidle' });
    await page.evaluate(() => {
      document.body.insertAdjacentHTML('beforeend', '<iframe srcdoc="<script>parent.__injected = true</script>"></iframe>');
      document.body.insertAdjacentHTML('beforeend', '<img src="/still-no-image.png" onerror="window.__handler = true">');
    });
    await page.waitForTimeout(500);
    // The page itself still ran: the form is there and hydrated.
    await page.getByLabel(/email or username/i).waitFor();
    expect(await page.evaluate(() => ({ injected: window.__injected === true, handler: window.__handler === true })))
      .toEqual({ injected: false, handler: false });
    expect((await problems()).some((p) => /script-src/.test(p))).toBe(true);
  });
});
