import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { NOT_AVAILABLE_MESSAGE } from '../../src/common/contract/social';
import { api, apiToken, fillLogin, launchBrowser, newContext } from './support/browser';
import { readState } from './support/env';

// Seeded demo accounts (src/server/seed/demo-accounts.ts). dana and aurora are used by other
// browser tests: aurora keeps her name and username here, and dana is not used at all.
const FAN_PASSWORD = 'fan-demo-pass';
const CREATOR_PASSWORD = 'performer-demo-pass';
// An address the bundled IP database places in Germany (as in site-state.e2e.ts).
const GERMAN_IP = '5.9.0.1';

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});
afterAll(() => browser?.close());

async function openContext(headers?: Record<string, string>): Promise<BrowserContext> {
  const context = await newContext(browser, { headers });
  contexts.push(context);
  return context;
}

/** A page signed in through the login form; fans land on /home, creators on their own page. */
async function signedInPage(username: string, password: string, landing: string): Promise<Page> {
  const page = await (await openContext()).newPage();
  await page.goto('/auth/login');
  await fillLogin(page, username, password);
  await page.waitForURL(`**${landing}`);
  return page;
}

/** A bodiless DELETE (the api() helper always sends a JSON content type, which Fastify refuses without a body). */
async function apiDelete(url: string, token: string): Promise<number> {
  const res = await fetch(`${readState().apiUrl}${url}`, { method: 'DELETE', headers: { authorization: token } });
  return res.status;
}

const creatorId = async (username: string): Promise<string> => {
  const res = await api<{ data: { _id: string } }>('GET', `/performers/${username}`);
  if (res.status !== 200) throw new Error(`creator ${username}: ${res.status}`);
  return res.body.data._id;
};

/** Picks an option of an antd Select: open it, type to narrow the list, click the option with that title. */
async function pickOption(page: Page, combobox: Locator, search: string, title: string) {
  await combobox.click();
  await combobox.fill(search);
  await page.locator('.ant-select-dropdown:visible').getByTitle(title, { exact: true }).click();
}

/** Waits until the API answered a request the page is about to make (the click's write reached the server). */
const apiResponse = (page: Page, method: string, path: RegExp) =>
  page.waitForResponse((res) => res.request().method() === method && path.test(new URL(res.url()).pathname));

const results = (page: Page) => page.getByRole('region', { name: 'Results' });
/** Waits until the results summary no longer says `count` (the next answer has arrived). */
const countChangedFrom = (page: Page, count: number) =>
  results(page).getByText(`${count.toLocaleString('en-US')} ${count === 1 ? 'creator' : 'creators'}`, { exact: true }).waitFor({ state: 'hidden' });
const resultCount = async (page: Page): Promise<number> => {
  const summary = results(page).getByText(/^[\d,]+ creators?$/);
  await summary.waitFor();
  return Number((await summary.innerText()).replace(/\D/g, ''));
};

describe('creator profiles, discovery, follows and blocking in the browser', () => {
  it('lets a fan search and filter creators, follow and bookmark one, and find it in their lists', async () => {
    const fanToken = await apiToken('eli', FAN_PASSWORD);
    const blakeId = await creatorId('blake');
    // The seed has demo fans follow generated creators only; make sure of it for this pair.
    expect(await apiDelete(`/follows/${blakeId}`, fanToken)).toBe(200);
    await api('DELETE', '/reactions', { objectType: 'performer', objectId: blakeId, action: 'bookmark' }, fanToken);

    try {
      const page = await signedInPage('eli', FAN_PASSWORD, '/home');
      await page.goto('/creator');
      const everyone = await resultCount(page);
      expect(everyone).toBeGreaterThanOrEqual(33);

      // A filter from the side panel goes to the query string and narrows the results.
      const panel = page.getByRole('complementary', { name: 'Filter creators' });
      await pickOption(page, panel.getByLabel('Gender'), 'Male', 'Male');
      await page.waitForURL((url) => url.searchParams.get('gender') === 'male');
      await results(page).getByText('Gender: Male').waitFor();
      await countChangedFrom(page, everyone);
      const men = await resultCount(page);
      expect(men).toBeGreaterThan(0);
      expect(men).toBeLessThan(everyone);

      // The search text joins the filter in the URL.
      const search = page.getByRole('searchbox', { name: 'Search creators' });
      await search.fill('Blake');
      await search.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('q') === 'Blake' && url.searchParams.get('gender') === 'male');
      const creators = page.getByRole('list', { name: 'Creators' });
      await countChangedFrom(page, men);
      await creators.getByRole('link', { name: 'Blake Rivers' }).waitFor();
      expect(await resultCount(page)).toBeLessThan(men);
      expect(await creators.getByRole('link', { name: 'Aurora Lane' }).count()).toBe(0);

      // Open the profile from the result.
      await creators.getByRole('link', { name: 'Blake Rivers' }).click();
      await page.waitForURL('**/blake');
      await page.getByRole('heading', { level: 1, name: 'Blake Rivers' }).waitFor();
      const followersStat = page.getByTestId('stat-followers').locator('dd');
      const before = Number(await followersStat.innerText());

      const follow = page.getByRole('button', { name: 'Follow', exact: true });
      const followed = apiResponse(page, 'POST', new RegExp(`/follows/${blakeId}$`));
      await follow.click();
      expect((await followed).status()).toBe(200);
      await page.getByRole('button', { name: 'Following', exact: true, pressed: true }).waitFor();
      await page.waitForFunction(
        (n) => document.querySelector('[data-testid="stat-followers"] dd')?.textContent?.trim() === String(n),
        before + 1,
      );

      const bookmarked = apiResponse(page, 'POST', /\/reactions$/);
      await page.getByRole('button', { name: 'Bookmark', exact: true }).click();
      expect((await bookmarked).status()).toBe(200);
      await page.getByRole('button', { name: 'Remove bookmark', pressed: true }).waitFor();

      // The follow is stored: the API lists it, and a reload still shows 'Following'.
      const following = await api<{ data: { data: { performer: { username: string } }[] } }>('GET', '/follows/following?limit=100', undefined, fanToken);
      expect(following.body.data.data.map((f) => f.performer.username)).toContain('blake');
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Blake Rivers' }).waitFor();
      await page.getByRole('button', { name: 'Following', exact: true, pressed: true }).waitFor();
      await page.getByRole('button', { name: 'Remove bookmark', pressed: true }).waitFor();
      expect(await followersStat.innerText()).toBe(String(before + 1));

      await page.goto('/user/following');
      await page.getByRole('list', { name: 'Following' }).getByRole('link', { name: 'Blake Rivers' }).waitFor();

      await page.goto('/user/bookmarks');
      await page.getByRole('list', { name: 'Bookmarked creators' }).getByRole('link', { name: 'Blake Rivers' }).waitFor();
    } finally {
      await apiDelete(`/follows/${blakeId}`, fanToken);
      await api('DELETE', '/reactions', { objectType: 'performer', objectId: blakeId, action: 'bookmark' }, fanToken);
    }
  });

  it('keeps a follow made while the followed list is still loading', async () => {
    // The page loads followedIds (GET /follows/following/ids) once it hydrates. Here its answer,
    // made before the follow exists, arrives after the click but before the follow's own answer:
    // the follow must still show, and stay, when the follow's answer comes.
    const fanToken = await apiToken('finn', FAN_PASSWORD);
    const cleoId = await creatorId('cleo');
    expect(await apiDelete(`/follows/${cleoId}`, fanToken)).toBe(200);
    try {
      const page = await signedInPage('finn', FAN_PASSWORD, '/home');
      let clicked!: () => void;
      const afterClick = new Promise<void>((resolve) => {
        clicked = resolve;
      });
      let idsDelivered!: () => void;
      const staleListDelivered = new Promise<void>((resolve) => {
        idsDelivered = resolve;
      });
      await page.route('**/follows/following/ids', async (route) => {
        const answer = await route.fetch();
        await afterClick;
        await route.fulfill({ response: answer });
        idsDelivered();
      });
      await page.route(`**/follows/${cleoId}`, async (route) => {
        if (route.request().method() === 'POST') clicked();
        await staleListDelivered;
        await route.continue();
      });
      const idsRequested = page.waitForRequest((req) => req.url().endsWith('/follows/following/ids'));
      await page.goto('/cleo');
      await idsRequested;

      const followed = apiResponse(page, 'POST', new RegExp(`/follows/${cleoId}$`));
      await page.getByRole('button', { name: 'Follow', exact: true }).click();
      expect((await followed).status()).toBe(200);
      const following = page.getByRole('button', { name: 'Following', exact: true, pressed: true });
      await following.waitFor();
      // The button is no longer busy: every answer has been handled, and it still says Following.
      await page.waitForFunction(() => !document.querySelector('button[aria-pressed][aria-busy]'));
      expect(await following.count()).toBe(1);

      await page.unrouteAll();
      await page.reload();
      await following.waitFor();
    } finally {
      await apiDelete(`/follows/${cleoId}`, fanToken);
    }
  });

  it('lets a creator edit the profile and shows the change on the public page', async () => {
    const token = await apiToken('aurora', CREATOR_PASSWORD);
    const original = await api<{ data: { city: string | null } }>('GET', '/performers/me', undefined, token);
    const city = `Bergen ${Date.now().toString(36)}`;
    try {
      const page = await signedInPage('aurora', CREATOR_PASSWORD, '/aurora');
      await page.goto('/creator/account');
      const cityField = page.getByRole('textbox', { name: 'City' });
      await cityField.waitFor();
      await cityField.fill(city);
      await page.getByRole('button', { name: 'Save profile' }).click();
      await page.getByText('Changes saved').waitFor();

      await page.goto('/aurora');
      await page.getByRole('heading', { level: 1, name: 'Aurora Lane' }).waitFor();
      await page.getByText(`${city}, Norway`).waitFor();
    } finally {
      await api('PUT', '/performers/me', { city: original.body.data.city }, token);
    }
  });

  it('lets a creator block a fan, who then cannot open the profile, and unblock them again', async () => {
    const blakeToken = await apiToken('blake', CREATOR_PASSWORD);
    try {
      const blake = await signedInPage('blake', CREATOR_PASSWORD, '/blake');
      await blake.goto('/creator/blacklist');
      await blake.getByText('You have not blocked anyone.').waitFor();
      await pickOption(blake, blake.getByLabel('Fan'), 'finn', 'Finn Hale (@finn)');
      await blake.getByRole('button', { name: /Block$/ }).click();
      const blocked = blake.getByRole('list', { name: 'Blocked accounts' });
      await blocked.getByText('@finn').waitFor();

      const finn = await signedInPage('finn', FAN_PASSWORD, '/home');
      await finn.goto('/blake');
      await finn.getByText('Not available', { exact: true }).waitFor();
      await finn.getByText(NOT_AVAILABLE_MESSAGE).waitFor();
      expect(await finn.getByRole('heading', { name: 'Blake Rivers' }).count()).toBe(0);

      await blocked.getByRole('button', { name: 'Unblock @finn' }).click();
      await blake.getByRole('button', { name: 'Unblock', exact: true }).click();
      await blake.getByText('You have not blocked anyone.').waitFor();

      await finn.reload();
      await finn.getByRole('heading', { level: 1, name: 'Blake Rivers' }).waitFor();
      expect(await finn.getByText(NOT_AVAILABLE_MESSAGE).count()).toBe(0);
    } finally {
      const list = await api<{ data: { data: { user: { _id: string; username: string | null } }[] } }>('GET', '/block/users?limit=100', undefined, blakeToken);
      for (const b of list.body.data.data) {
        if (b.user.username === 'finn') await apiDelete(`/block/users/${b.user._id}`, blakeToken);
      }
    }
  });

  it('hides a creator from visitors of a blocked country only', async () => {
    const cleoToken = await apiToken('cleo', CREATOR_PASSWORD);
    try {
      const cleo = await signedInPage('cleo', CREATOR_PASSWORD, '/cleo');
      await cleo.goto('/creator/block-countries');
      await cleo.getByText('No countries are blocked', { exact: false }).waitFor();
      await pickOption(cleo, cleo.getByLabel('Blocked countries'), 'Germany', 'Germany');
      await cleo.keyboard.press('Escape');
      await cleo.getByRole('button', { name: 'Save changes' }).click();
      await cleo.getByText('Changes saved').waitFor();
      await cleo.getByText('Saved: 1 country blocked.').waitFor();

      const german = await (await openContext({ 'X-Forwarded-For': GERMAN_IP })).newPage();
      await german.goto('/cleo');
      await german.getByText('Not available', { exact: true }).waitFor();
      await german.getByText(NOT_AVAILABLE_MESSAGE).waitFor();
      await german.goto('/creator?q=Cleo');
      await german.getByText('No creators match these filters').waitFor();
      expect(await german.getByRole('link', { name: 'Cleo Marsh' }).count()).toBe(0);

      const elsewhere = await (await openContext()).newPage();
      await elsewhere.goto('/cleo');
      await elsewhere.getByRole('heading', { level: 1, name: 'Cleo Marsh' }).waitFor();
      await elsewhere.goto('/creator?q=Cleo');
      await elsewhere.getByRole('list', { name: 'Creators' }).getByRole('link', { name: 'Cleo Marsh' }).waitFor();

      // Unblocking through the page lets the German visitor in again.
      const germanyTag = cleo.locator('.ant-tag', { hasText: 'Germany' });
      await germanyTag.getByRole('button', { name: 'Close' }).click();
      await germanyTag.waitFor({ state: 'detached' });
      // The click also opens the country list (focus is left on the page, so Escape does not reach
      // it): click outside the picker to close it, as a person would.
      await cleo.getByRole('heading', { level: 2, name: 'Blocked countries' }).click();
      await cleo.getByRole('button', { name: 'Save changes' }).click();
      await cleo.getByText('No countries are blocked', { exact: false }).waitFor();
      await german.goto('/cleo');
      await german.getByRole('heading', { level: 1, name: 'Cleo Marsh' }).waitFor();
    } finally {
      await api('POST', '/block/countries', { countries: [] }, cleoToken);
    }
  });
});
