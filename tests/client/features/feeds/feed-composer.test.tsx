import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { FeedComposer } from '@/client/features/feeds/components/feed-composer';
import { toast } from '@/client/lib/toast';
import { api, installMswServer, server } from '../../../support/msw';
import { buttonWithText } from '../../../support/queries';
import { makeFile as makeUploadFile } from '../../fixtures';
import { creatorUser, makeFeed, makeFile, makePoll, renderFeedUi, uuid } from './feed-fixtures';

const push = jest.fn(async () => true);
jest.mock('next/router', () => ({ useRouter: () => ({ asPath: '/creator/my-post/create', push, query: {}, pathname: '/creator/my-post/create' }) }));

// Whole antd forms under jsdom: several seconds a test on a busy machine.
jest.setTimeout(180_000);
installMswServer();

let success: jest.SpyInstance;
let failure: jest.SpyInstance;
beforeEach(() => {
  push.mockClear();
  success = jest.spyOn(toast, 'success').mockImplementation(() => undefined);
  failure = jest.spyOn(toast, 'error').mockImplementation(() => undefined);
  server.use(http.get(api('/follows/following/ids'), () => HttpResponse.json({ data: [] })));
});
afterEach(() => jest.restoreAllMocks());

/** The composer's file inputs, in order: photos, video, audio, thumbnail, teaser. */
const inputs = () => Array.from(document.querySelectorAll('input[type="file"]')) as HTMLInputElement[];
const pick = async (input: HTMLInputElement, file: File) => {
  await act(async () => {
    fireEvent.change(input, { target: { files: [file] } });
  });
};
const typeText = (text: string) => fireEvent.change(screen.getByPlaceholderText('Share something with your fans…'), { target: { value: text } });
const publish = async () => {
  await act(async () => {
    fireEvent.click(buttonWithText('Publish'));
  });
};

/** Answers POST /performer/feeds with the body echoed into a post, recording the bodies. */
function acceptPosts() {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.post(api('/performer/feeds'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      return HttpResponse.json({ data: makeFeed() });
    }),
  );
  return bodies;
}

describe('FeedComposer', () => {
  it('refuses an empty post under the text field and sends nothing', async () => {
    const bodies = acceptPosts();
    renderFeedUi(<FeedComposer />, creatorUser());
    await publish();
    expect(await screen.findByText('Write something, add a file or a poll')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('uploads a photo with a progress bar, then publishes text as paragraphs with the file', async () => {
    const bodies = acceptPosts();
    const photo = makeFile({ name: 'beach.jpg' });
    let release: (() => void) | undefined;
    let field: string | undefined;
    server.use(
      http.post(api('/performer/feeds/photo/upload'), async ({ request }) => {
        field = [...(await request.formData()).keys()][0];
        await new Promise<void>((r) => (release = r));
        return HttpResponse.json({ data: photo });
      }),
    );
    renderFeedUi(<FeedComposer />, creatorUser());
    await pick(inputs()[0], makeUploadFile('img', 'beach.jpg', 'image/jpeg'));
    expect(await screen.findByRole('progressbar', { name: 'beach.jpg upload progress' })).toBeInTheDocument();

    // Saving while a file is still on its way is refused with a message.
    typeText('Hello\n\nWorld <3');
    await publish();
    expect(failure).toHaveBeenCalledWith('Please wait until the uploads have finished');
    expect(bodies).toEqual([]);

    await waitFor(() => expect(release).toBeDefined());
    await act(async () => release!());
    const item = screen.getByRole('listitem', { name: 'beach.jpg' });
    expect(await within(item).findByText('Ready')).toBeInTheDocument();
    expect(within(item).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(field).toBe('file');

    await publish();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      text: '<p>Hello</p><p>World &lt;3</p>', fileIds: [photo._id], thumbnailId: null, teaserId: null, isPinned: false,
      access: 'free', status: 'active', publishAt: null,
    });
    await waitFor(() => expect(success).toHaveBeenCalledWith('Post published'));
    expect(push).toHaveBeenCalledWith('/creator/my-post');
  });

  it('follows a video through processing with the status route', async () => {
    const clip = makeFile({ name: 'clip.mp4', type: 'feed-video', kind: 'video', status: 'pending', url: null });
    const asked: string[] = [];
    server.use(
      http.post(api('/performer/feeds/video/upload'), () => HttpResponse.json({ data: clip })),
      http.get(api(`/performer/feeds/files/${clip._id}/status`), ({ request }) => {
        asked.push(new URL(request.url).pathname);
        // Still processing at the first look, ready at the second.
        return HttpResponse.json({ data: { _id: clip._id, status: asked.length > 1 ? 'ready' : 'processing', failureReason: null } });
      }),
    );
    renderFeedUi(<FeedComposer />, creatorUser());
    await pick(inputs()[1], makeUploadFile('vid', 'clip.mp4', 'video/mp4'));
    const item = await screen.findByRole('listitem', { name: 'clip.mp4' });
    expect(await within(item).findByText(/Processing/, {}, { timeout: 4000 })).toBeInTheDocument();
    expect(await within(item).findByText('Ready', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(asked).toEqual([`/performer/feeds/files/${clip._id}/status`, `/performer/feeds/files/${clip._id}/status`]);
  });

  it('shows a refused upload\'s message and keeps the post from saving until it is removed', async () => {
    server.use(
      http.post(api('/performer/feeds/audio/upload'), () =>
        HttpResponse.json({ statusCode: 400, error: 'Bad Request', message: 'file must be an audio file' }, { status: 400 })),
    );
    const bodies = acceptPosts();
    renderFeedUi(<FeedComposer />, creatorUser());
    typeText('Listen');
    await pick(inputs()[2], makeUploadFile('x', 'song.txt', 'audio/mpeg'));
    const item = await screen.findByRole('listitem', { name: 'song.txt' });
    expect(await within(item).findByText(/file must be an audio file/)).toBeInTheDocument();
    await publish();
    expect(failure).toHaveBeenCalledWith('Remove the files that could not be uploaded or processed');
    fireEvent.click(within(item).getByRole('button', { name: 'Remove song.txt' }));
    await publish();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ text: '<p>Listen</p>', fileIds: [] });
  });

  it('builds a poll, checks its options, creates it and names it in the post', async () => {
    const bodies = acceptPosts();
    const polls: unknown[] = [];
    const poll = makePoll();
    server.use(
      http.post(api('/performer/feeds/polls'), async ({ request }) => {
        polls.push(await request.json());
        return HttpResponse.json({ data: poll });
      }),
    );
    renderFeedUi(<FeedComposer />, creatorUser());
    fireEvent.click(buttonWithText(/Add a poll/));
    fireEvent.change(screen.getByPlaceholderText('What should I post next?'), { target: { value: 'Next?' } });
    fireEvent.change(screen.getByLabelText('Option 1'), { target: { value: 'Beach' } });
    fireEvent.change(screen.getByLabelText('Option 2'), { target: { value: ' beach' } });
    await publish();
    expect(await screen.findByText('Options must all be different')).toBeInTheDocument();
    expect(polls).toEqual([]);

    fireEvent.click(buttonWithText(/Add option/));
    fireEvent.change(screen.getByLabelText('Option 2'), { target: { value: 'City' } });
    fireEvent.change(screen.getByLabelText('Option 3'), { target: { value: 'Mountains' } });
    await publish();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(polls).toEqual([{ question: 'Next?', options: ['Beach', 'City', 'Mountains'] }]);
    expect(bodies[0]).toMatchObject({ pollId: poll._id, fileIds: [] });
    expect(bodies[0].text).toBe('');
  });

  it('puts the server\'s field problems under their fields (price out of bounds)', async () => {
    const message = 'Price must be between 1.00 and 1000.00 tokens, in steps of 0.01';
    server.use(
      http.post(api('/performer/feeds'), () =>
        HttpResponse.json({ statusCode: 422, error: 'Unprocessable Entity', message, details: [{ field: 'price', message }] }, { status: 422 })),
    );
    renderFeedUi(<FeedComposer />, creatorUser());
    typeText('For sale');
    fireEvent.click(screen.getByRole('radio', { name: 'For sale' }));
    fireEvent.change(await screen.findByPlaceholderText('9.99'), { target: { value: '0.5' } });
    await publish();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(success).not.toHaveBeenCalled();
    expect(push).not.toHaveBeenCalled();
  });

  it('edits a post: keeps unchanged text out of the body and sends the remaining files', async () => {
    const [a, b] = [makeFile({ name: 'a.jpg' }), makeFile({ name: 'b.jpg' })];
    const feed = makeFeed({ type: 'photo', files: [a, b], text: '<p>Old <b>bold</b> words</p>', poll: makePoll({ canSeeResults: true, options: [{ _id: uuid(5), text: 'Yes', votes: 2 }, { _id: uuid(6), text: 'No', votes: 1 }] }) });
    const bodies: unknown[] = [];
    server.use(
      http.put(api(`/performer/feeds/${feed._id}`), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ data: feed });
      }),
    );
    renderFeedUi(<FeedComposer feed={feed} />, creatorUser());
    expect(screen.getByPlaceholderText('Share something with your fans…')).toHaveValue('Old bold words');
    expect(screen.getByText('Yes')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Remove a.jpg' }));
    await act(async () => {
      fireEvent.click(buttonWithText('Save changes'));
    });
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({ fileIds: [b._id], thumbnailId: null, teaserId: null, isPinned: false, access: 'free', status: 'active', publishAt: null });
    expect(success).toHaveBeenCalledWith('Changes saved');
  });
});
