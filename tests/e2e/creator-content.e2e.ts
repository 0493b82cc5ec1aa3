import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { api, apiToken, launchBrowser, signedInPage as openSignedIn } from './support/browser';
import { readState } from './support/env';
import { tinyVideo } from '../support/media-fixtures';

// Seeded demo accounts (src/server/seed/demo-accounts.ts). aurora publishes; dana, whom the other
// browser tests leave alone, is a fan who neither subscribes to aurora nor bought anything.
const CREATOR_PASSWORD = 'performer-demo-pass';
const FAN_PASSWORD = 'fan-demo-pass';
const stamp = Date.now().toString(36);
const POST_TEXT = `Morning light over the fjord ${stamp}`;
const VIDEO_TITLE = `Fjord timelapse ${stamp}`;
const GALLERY_TITLE = `Winter collection ${stamp}`;

let browser: Browser;
const contexts: BrowserContext[] = [];
let auroraToken: string;
const created: { feed?: string; video?: string; gallery?: string } = {};

beforeAll(async () => {
  browser = await launchBrowser();
  auroraToken = await apiToken('aurora', CREATOR_PASSWORD);
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  // Leave aurora as the other browser tests expect her: without this test's content.
  const del = (url: string) => fetch(`${readState().apiUrl}${url}`, { method: 'DELETE', headers: { authorization: auroraToken } });
  if (created.feed) await del(`/performer/feeds/${created.feed}`);
  if (created.video) await del(`/performer/performer-assets/videos/${created.video}`);
  if (created.gallery) await del(`/performer/performer-assets/galleries/${created.gallery}`);
  await browser?.close();
});

const signedInPage = (username: string, password: string, landing: string) => openSignedIn(browser, contexts, username, password, landing);

/** Picks files through the browser's own file chooser, opened by clicking `trigger`. */
async function chooseFiles(page: Page, trigger: ReturnType<Page['getByRole']>, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), trigger.click()]);
  await chooser.setFiles(files);
}

/** antd's radio buttons hide the input under their label: click the label, as a person does. */
async function pickAccess(scope: Pick<Page, 'locator'>, label: string) {
  const option = scope.locator('label.ant-radio-button-wrapper', { hasText: label });
  await option.click();
  await option.locator('input:checked').waitFor({ state: 'attached' });
}

const picture = (colour: string) => sharp({ create: { width: 800, height: 600, channels: 3, background: colour } }).jpeg().toBuffer();

async function until<T>(what: string, probe: () => Promise<T | null | undefined>, timeoutMs = 60_000): Promise<T> {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    const value = await probe();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('creator content in the browser', () => {
  let creator: Page;

  it('lets a creator publish a free photo post, a subscribers-only video and a gallery for sale', async () => {
    creator = await signedInPage('aurora', CREATOR_PASSWORD, '/aurora');

    // A free post with a photo: the upload shows its progress, then "Ready".
    await creator.goto('/creator/my-post/create');
    await creator.getByRole('textbox', { name: 'Text' }).fill(POST_TEXT);
    await chooseFiles(creator, creator.getByRole('button', { name: 'Add photos' }), [{ name: 'fjord.jpg', mimeType: 'image/jpeg', buffer: await picture('#2f6f9f') }]);
    await creator.getByRole('list', { name: 'Files of the post' }).getByText('Ready').waitFor();
    await creator.getByRole('button', { name: 'Publish' }).click();
    await creator.waitForURL('**/creator/my-post');
    await creator.getByText('Post published').first().waitFor();
    const feeds = await api<{ data: { data: { _id: string; text: string }[] } }>('GET', '/performer/feeds?limit=50', undefined, auroraToken);
    created.feed = feeds.body.data.data.find((f) => f.text.includes(POST_TEXT))?._id;
    expect(created.feed).toBeTruthy();

    // A video for subscribers: uploaded with progress, then processed by the job queue.
    await creator.goto('/creator/my-video/upload');
    await chooseFiles(creator, creator.getByRole('button', { name: /^Choose video/ }), [{ name: 'fjord.mp4', mimeType: 'video/mp4', buffer: await tinyVideo('mp4') }]);
    await creator.getByLabel('Title').fill(VIDEO_TITLE);
    await pickAccess(creator, 'Subscribers');
    await creator.getByRole('button', { name: 'Upload video' }).click();
    await creator.waitForURL(/\/creator\/my-video\/[0-9a-f-]+\/edit$/);
    created.video = creator.url().split('/').at(-2);
    await until('the video to be processed', async () => {
      const res = await api<{ data: { video: { status: string } } }>('GET', `/performer/performer-assets/videos/${created.video}/view`, undefined, auroraToken);
      return res.body.data.video.status === 'ready' || null;
    });

    // A gallery for sale at 5 tokens, with two photos.
    await creator.goto('/creator/my-gallery');
    await creator.getByRole('button', { name: 'New gallery' }).click();
    const modal = creator.getByRole('dialog', { name: 'New gallery' });
    await modal.getByLabel('Title').fill(GALLERY_TITLE);
    await pickAccess(modal, 'For sale');
    await modal.getByLabel('Price (tokens)').fill('5');
    await modal.getByRole('button', { name: 'Create and add photos' }).click();
    await creator.waitForURL(/\/creator\/my-gallery\/[0-9a-f-]+$/);
    created.gallery = creator.url().split('/').at(-1);
    await creator.locator('input[type=file]').first().setInputFiles([
      { name: 'snow-1.jpg', mimeType: 'image/jpeg', buffer: await picture('#d8e6f0') },
      { name: 'snow-2.jpg', mimeType: 'image/jpeg', buffer: await picture('#9fb8cc') },
    ]);
    await until('both photos', async () => (await creator.getByRole('list', { name: 'Uploads' }).getByLabel('Uploaded').count()) === 2 || null);
    // Renamed in place: Typography's editor, which the browser loads only when someone edits.
    const photos = creator.getByRole('list', { name: 'Photos in this gallery' });
    await photos.getByRole('listitem').first().getByRole('button', { name: 'Rename' }).click();
    const titleBox = photos.getByRole('textbox');
    await titleBox.fill('Snow at dawn');
    await titleBox.press('Enter');
    await creator.getByText('Changes saved').first().waitFor();
    await photos.getByRole('listitem', { name: 'Snow at dawn' }).waitFor();
  });

  it('shows a fan the free post open, and the video and gallery locked with the right call to action', async () => {
    const fan = await signedInPage('dana', FAN_PASSWORD, '/home');

    await fan.goto('/aurora');
    const post = fan.getByRole('article', { name: 'Post by Aurora Lane' }).filter({ hasText: POST_TEXT });
    await post.waitFor();
    await post.locator('img[src*="/files/media/"]').first().waitFor();
    expect(await post.getByText('Subscribe to unlock').count()).toBe(0);

    await fan.goto('/aurora?tab=videos');
    const videoCard = fan.getByRole('article', { name: VIDEO_TITLE });
    await videoCard.getByText('Subscribers').waitFor();

    await fan.goto(`/video/${created.video}`);
    await fan.getByRole('heading', { name: VIDEO_TITLE }).waitFor();
    await fan.getByText('Subscribe to unlock').waitFor();
    await fan.getByRole('link', { name: 'See subscription options' }).waitFor();
    // No player and no link to the video file: only the blurred preview.
    expect(await fan.locator('video').count()).toBe(0);
    expect(await fan.content()).not.toContain('main.mp4');

    await fan.goto('/aurora?tab=photos');
    await fan.getByRole('article', { name: GALLERY_TITLE }).waitFor();
    await fan.goto(`/gallery/${created.gallery}`);
    await fan.getByRole('button', { name: 'Unlock for 5.00 tokens' }).waitFor();
    await fan.getByRole('list', { name: 'Locked photos' }).waitFor();
    expect(await fan.content()).not.toMatch(/main\.(jpg|webp)/);
  });

  it('lets the fan like and comment on the free post (one comment with a picture), and the creator sees both', async () => {
    const fan = await signedInPage('dana', FAN_PASSWORD, '/home');
    await fan.goto(`/post/${created.feed}`);
    await fan.getByText(POST_TEXT).waitFor();
    const liked = fan.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/reactions'));
    await fan.getByRole('button', { name: 'Like', exact: true }).click();
    expect((await liked).status()).toBe(200);
    await fan.getByRole('button', { name: 'Unlike' }).waitFor();

    await fan.getByRole('textbox', { name: 'Comment' }).fill('Beautiful light!');
    await fan.getByRole('button', { name: 'Post', exact: true }).click();
    // The composer keeps its text (disabled) while the comment is sent, so look for the comment itself,
    // then for the composer cleared and open again.
    await fan.getByRole('article', { name: 'Comment by Dana Fields' }).filter({ hasText: 'Beautiful light!' }).waitFor();
    await fan.waitForFunction((el) => (el as HTMLTextAreaElement).value === '' && !(el as HTMLTextAreaElement).disabled, await fan.getByRole('textbox', { name: 'Comment' }).elementHandle());

    // A comment with a picture (issue 16): uploaded as soon as it is picked, sent with the comment,
    // shown from its signed link.
    await fan.getByRole('textbox', { name: 'Comment' }).fill('Mine from the pier');
    await chooseFiles(fan, fan.getByRole('button', { name: 'Add an image' }), [{ name: 'pier.jpg', mimeType: 'image/jpeg', buffer: await picture('#3a86ff') }]);
    await fan.getByRole('group', { name: 'Image pier.jpg' }).getByText('Ready').waitFor();
    await fan.getByRole('button', { name: 'Post', exact: true }).click();
    const shown = fan.getByRole('article').filter({ hasText: 'Mine from the pier' }).getByRole('img', { name: 'Image from Dana Fields' });
    await shown.scrollIntoViewIfNeeded();
    await fan.waitForFunction((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0, await shown.elementHandle());
    expect(await shown.getAttribute('src')).toMatch(/\/files\/media\/.+\/thumb\.webp\?exp=\d+&sig=/);

    await creator.goto(`/post/${created.feed}`);
    await creator.getByText('Beautiful light!').waitFor();
    await creator.getByText('Dana Fields').first().waitFor();
    await creator.getByRole('img', { name: 'Image from Dana Fields' }).waitFor();
    const stored = await api<{ data: { stats: { likes: number; comments: number } } }>('GET', `/user/feeds/${created.feed}`, undefined, auroraToken);
    expect(stored.body.data.stats).toMatchObject({ likes: 1, comments: 2 });
  });
});
