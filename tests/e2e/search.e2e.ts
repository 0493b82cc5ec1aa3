import type { Page } from 'playwright-core';
import { api, apiToken, browserPerFile, newContext, registerFanByApi, signedInPage } from './support/browser';
import { readState } from './support/env';

// aurora (a seeded demo creator) posts through the composer; a fan registered for this file searches.
const CREATOR_PASSWORD = 'performer-demo-pass';
const stamp = Date.now().toString(36);
const TAG = `Aurorasky${stamp}`;
const POST_TEXT = `Northern lights over the bay tonight #${TAG}`;

const suite = browserPerFile();
let auroraToken: string;
let feedId: string | undefined;

beforeAll(async () => {
  auroraToken = await apiToken('aurora', CREATOR_PASSWORD);
});
afterAll(async () => {
  // Leave aurora as the other browser tests expect her: without this test's post.
  if (feedId) await fetch(`${readState().apiUrl}/performer/feeds/${feedId}`, { method: 'DELETE', headers: { authorization: auroraToken } });
});

/** The post card with our text among the results. */
const resultPost = (page: Page) => page.getByRole('article', { name: 'Post by Aurora Lane' }).filter({ hasText: 'Northern lights over the bay' });

describe('search in the browser', () => {
  it('a creator posts with a hashtag; a fan searches the hashtag from the header and finds the post', async () => {
    const creator = await signedInPage(suite.browser, suite.contexts, 'aurora', CREATOR_PASSWORD, '/aurora');
    await creator.goto('/creator/my-post/create');
    await creator.getByRole('textbox', { name: 'Text' }).fill(POST_TEXT);
    await creator.getByRole('button', { name: 'Publish' }).click();
    await creator.waitForURL('**/creator/my-post');
    const mine = await api<{ data: { data: { _id: string; text: string }[] } }>('GET', '/performer/feeds?limit=50', undefined, auroraToken);
    feedId = mine.body.data.data.find((f) => f.text.includes(TAG))?._id;
    expect(feedId).toBeTruthy();

    const fanAccount = await registerFanByApi('Searcher');
    const fan = await signedInPage(suite.browser, suite.contexts, fanAccount.username, fanAccount.password, '/home');
    const box = fan.getByRole('search').getByRole('searchbox', { name: 'Search' });
    await box.fill(`#${TAG}`);
    await box.press('Enter');
    await fan.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === `#${TAG}`);
    const post = resultPost(fan);
    await post.waitFor();
    await fan.getByRole('region', { name: 'Hashtags' }).getByRole('link', { name: new RegExp(TAG.toLowerCase()) }).waitFor();

    // The tag in the post is a link to the posts tab of its search, which lives in the URL.
    await post.getByRole('link', { name: `#${TAG}` }).click();
    await fan.waitForURL((url) => url.searchParams.get('q') === `#${TAG.toLowerCase()}`);
    await fan.getByRole('tab', { name: 'Posts' }).click();
    await fan.waitForURL((url) => url.searchParams.get('type') === 'posts');
    await resultPost(fan).waitFor();
    await fan.reload();
    await resultPost(fan).waitFor();
    expect(await fan.getByRole('tab', { name: 'Posts', selected: true }).count()).toBe(1);
  });

  it('a signed-out visitor at phone width opens the search from the header icon and finds the creator by a prefix', async () => {
    const context = await newContext(suite.browser);
    suite.contexts.push(context);
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open search' }).click();
    const box = page.getByRole('dialog', { name: 'Search' }).getByRole('searchbox', { name: 'Search' });
    await box.fill('auro');
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'auro');
    await page.getByRole('region', { name: 'Creators' }).getByText('Aurora Lane').first().waitFor();
    // Nothing wider than the phone's screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('searchbox', { name: 'Search text' }).fill('zzqqxxnothing');
    await page.getByRole('searchbox', { name: 'Search text' }).press('Enter');
    await page.getByText('No results for “zzqqxxnothing”').waitFor();
  });
});
