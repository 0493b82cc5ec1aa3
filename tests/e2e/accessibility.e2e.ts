import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { browserPerFile, newContext, PHONE_VIEWPORT, signedInPage } from './support/browser';
import { E2E_FIXTURES } from './support/fixtures';

/**
 * Issue 17: no serious or critical axe-core violation (WCAG 2.1 A and AA rules) on the main pages,
 * signed out and signed in, in both themes and at phone width. A failure lists each rule with the
 * elements it found, so the message says what to fix.
 */
const suite = browserPerFile();

async function violations(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.waitForFunction(() => document.documentElement.dataset.renderedPath === location.pathname);
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${path} ${v.id}: ${v.nodes.slice(0, 4).map((n) => n.target.join(' ')).join(' | ')}`);
}

async function check(page: Page, paths: string[]) {
  const found: string[] = [];
  for (const path of paths) found.push(...(await violations(page, path)));
  expect(found).toEqual([]);
}

const PUBLIC_PAGES = ['/', '/auth/login', '/auth/register', '/aurora', '/search?q=aurora', '/contact'];

describe('accessibility (axe-core, WCAG 2.1 AA, serious and critical)', () => {
  it.each([
    ['light', undefined],
    ['dark', undefined],
    ['light', PHONE_VIEWPORT],
  ] as const)('public pages, %s theme, viewport %j', async (theme, viewport) => {
    const context = await newContext(suite.browser, { viewport });
    suite.contexts.push(context);
    await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await check(await context.newPage(), PUBLIC_PAGES);
  });

  it('a fan’s pages', async () => {
    const { username, password } = E2E_FIXTURES.fan;
    const page = await signedInPage(suite.browser, suite.contexts, username, password, '/home');
    await check(page, ['/home', '/aurora', '/messages', '/wallet', '/notifications', '/user/account']);
  });

  it('a creator’s studio', async () => {
    const { username, password } = E2E_FIXTURES.performer;
    const page = await signedInPage(suite.browser, suite.contexts, username, password, '/aurora');
    await check(page, ['/creator/dashboard', '/creator/my-post', '/creator/earning']);
  });

  it('the operator console', async () => {
    const { username, password } = E2E_FIXTURES.admin;
    const page = await signedInPage(suite.browser, suite.contexts, username, password, '/admin');
    await check(page, ['/admin', '/admin/users']);
  });
});
