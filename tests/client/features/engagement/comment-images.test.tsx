import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Comment, CommentImage } from '@/common/contract/comments';
import type { ErrorBody } from '@/common/contract/common';
import type { MediaFileView } from '@/common/contract/media';
import { CommentSection } from '@/client/features/engagement/components/comment-section';
import { toast } from '@/client/lib/toast';
import { api, installMswServer, server } from '../../../support/msw';
import { buttonWithText } from '../../../support/queries';
import { makeFile, makeUser } from '../../fixtures';
import { FEED_ID, makeComment, renderWithUser, serveSignInBackground, uuid } from './engagement-render';

jest.mock('next/router', () => ({
  __esModule: true,
  default: { push: jest.fn(), replace: jest.fn() },
  useRouter: () => ({ asPath: '/post/abc', push: jest.fn() }),
}));
jest.setTimeout(60_000);

installMswServer();
let errorToast: jest.SpyInstance;
let successToast: jest.SpyInstance;
beforeEach(() => {
  serveSignInBackground();
  errorToast = jest.spyOn(toast, 'error').mockImplementation(() => undefined);
  successToast = jest.spyOn(toast, 'success').mockImplementation(() => undefined);
  URL.createObjectURL = jest.fn(() => 'blob:local-preview');
  URL.revokeObjectURL = jest.fn();
});
afterEach(() => jest.restoreAllMocks());

const IMAGE_ID = uuid(7001);
const uploadedFile = (overrides: Partial<MediaFileView> = {}): MediaFileView => ({
  _id: IMAGE_ID, type: 'comment-image', kind: 'image', status: 'ready', failureReason: null,
  url: `http://api.test/files/media/u/${IMAGE_ID}/main.jpg?exp=1&sig=x`, thumbnails: [`http://api.test/files/media/u/${IMAGE_ID}/thumb.webp?exp=1&sig=x`],
  preview: `http://api.test/files/media/u/${IMAGE_ID}/preview.webp?exp=1&sig=x`, width: 640, height: 480, duration: null, mimeType: 'image/jpeg',
  size: 1000, name: 'sunset.jpg', isLocked: false, ...overrides,
});
const imageOf = (id: string, width = 640, height = 480): CommentImage => ({
  _id: id, width, height,
  url: `http://api.test/files/media/u/${id}/main.jpg?exp=1&sig=x`,
  thumbnailUrl: `http://api.test/files/media/u/${id}/thumb.webp?exp=1&sig=x`,
  blurUrl: `http://api.test/files/media/u/${id}/preview.webp?exp=1&sig=x`,
});

/** The comments API: GET lists `items`, POST records JSON bodies, PUT records multipart forms. */
function serveComments(items: Comment[]) {
  const posted: Record<string, unknown>[] = [];
  const edits: { fields: Record<string, string>; files: string[] }[] = [];
  let gate: Promise<void> | null = null;
  /** Holds the next edit until the returned function is called. */
  const hold = () => {
    let open = () => {};
    gate = new Promise<void>((r) => (open = r));
    return () => open();
  };
  server.use(
    http.get(api('/comments'), () => HttpResponse.json({ data: { data: items, total: items.length } })),
    http.post(api('/comments'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      posted.push(body);
      return HttpResponse.json({ data: makeComment({ text: String(body.text), isOwner: true, canDelete: true }) });
    }),
    http.put(api('/comments/:id'), async ({ request, params }) => {
      if (gate) await gate;
      const form = await request.formData();
      const fields: Record<string, string> = {};
      const files: string[] = [];
      form.forEach((value, key) => {
        if (typeof value === 'string') fields[key] = value;
        else files.push(`${key}:${(value as File).name}`);
      });
      edits.push({ fields, files });
      return HttpResponse.json({ data: { ...items.find((c) => c._id === params.id)!, text: fields.text } });
    }),
  );
  return { posted, edits, hold };
}

const section = () => <CommentSection objectType="feed" objectId={FEED_ID} canComment />;
const imageInput = (scope: HTMLElement = document.body) => scope.querySelector('input[type="file"]') as HTMLInputElement;
const pick = async (input: HTMLInputElement, file: File) => {
  await act(async () => {
    fireEvent.change(input, { target: { files: [file] } });
  });
};
const picture = (name = 'sunset.jpg', type = 'image/jpeg') => makeFile('jpeg bytes', name, type);
const commentForm = () => screen.getByRole('textbox', { name: 'Comment' }).closest('form') as HTMLElement;

describe('the comment box image', () => {
  it('uploads a picked image at once with a progress bar, waits for it, then posts the comment with its fileId', async () => {
    const { posted } = serveComments([]);
    let release: (() => void) | undefined;
    let field: string | undefined;
    server.use(
      http.post(api('/comments/images/upload'), async ({ request }) => {
        field = [...(await request.formData()).keys()][0];
        await new Promise<void>((r) => (release = r));
        return HttpResponse.json({ data: uploadedFile() });
      }),
    );
    renderWithUser(section(), makeUser());
    await screen.findByText('No comments yet. Be the first to say something!');
    fireEvent.change(screen.getByRole('textbox', { name: 'Comment' }), { target: { value: 'Golden hour' } });
    await pick(imageInput(commentForm()), picture());

    const tile = await screen.findByRole('group', { name: 'Image sunset.jpg' });
    expect(within(tile).getByRole('progressbar', { name: 'sunset.jpg upload progress' })).toBeInTheDocument();
    expect(tile.querySelector('img')!.getAttribute('src')).toBe('blob:local-preview');
    // Not sent while the image is on its way.
    expect(buttonWithText('Post')).toBeDisabled();
    // One image per comment: the picker is gone while one is held.
    expect(imageInput(commentForm())).toBeNull();

    await waitFor(() => expect(release).toBeDefined());
    await act(async () => release!());
    expect(await within(tile).findByText('Ready')).toBeInTheDocument();
    expect(tile.querySelector('img')!.getAttribute('src')).toBe(uploadedFile().thumbnails[0]);
    expect(field).toBe('file');

    fireEvent.click(buttonWithText('Post'));
    await waitFor(() => expect(posted).toEqual([{ objectType: 'feed', objectId: FEED_ID, text: 'Golden hour', fileId: IMAGE_ID }]));
    await waitFor(() => expect(successToast).toHaveBeenCalledWith('Comment posted'));
    // The box is empty again, picker back.
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Image sunset.jpg' })).not.toBeInTheDocument());
    expect(imageInput(commentForm())).not.toBeNull();
  });

  it('shows why an upload was refused, keeps the comment from being sent, and lets the image be removed', async () => {
    const { posted } = serveComments([]);
    const refused: ErrorBody = { statusCode: 400, error: 'Bad Request', message: 'file must be an image (JPEG, PNG, WebP or GIF)' };
    server.use(http.post(api('/comments/images/upload'), () => HttpResponse.json(refused, { status: 400 })));
    renderWithUser(section(), makeUser());
    await screen.findByText('No comments yet. Be the first to say something!');
    fireEvent.change(screen.getByRole('textbox', { name: 'Comment' }), { target: { value: 'Look' } });
    await pick(imageInput(commentForm()), picture('fake.jpg'));
    const tile = await screen.findByRole('group', { name: 'Image fake.jpg' });
    expect(await within(tile).findByText(/file must be an image/)).toBeInTheDocument();
    expect(buttonWithText('Post')).toBeDisabled();

    fireEvent.click(within(tile).getByRole('button', { name: 'Remove the image' }));
    expect(screen.queryByRole('group', { name: 'Image fake.jpg' })).not.toBeInTheDocument();
    expect(buttonWithText('Post')).toBeEnabled();
    fireEvent.click(buttonWithText('Post'));
    await waitFor(() => expect(posted).toEqual([{ objectType: 'feed', objectId: FEED_ID, text: 'Look' }]));
  });

  it('refuses a file that is not a JPEG, PNG, WebP or GIF before sending anything', async () => {
    serveComments([]);
    const uploads = jest.fn();
    server.use(http.post(api('/comments/images/upload'), () => (uploads(), HttpResponse.json({ data: uploadedFile() }))));
    renderWithUser(section(), makeUser());
    await screen.findByText('No comments yet. Be the first to say something!');
    await pick(imageInput(commentForm()), picture('notes.pdf', 'application/pdf'));
    const tile = await screen.findByRole('group', { name: 'Image notes.pdf' });
    expect(within(tile).getByText(/Please choose a JPEG, PNG, WebP or GIF image/)).toBeInTheDocument();
    expect(uploads).not.toHaveBeenCalled();
  });

  it('forgets an upload removed while it was on its way: the comment goes without it', async () => {
    const { posted } = serveComments([]);
    let release: (() => void) | undefined;
    server.use(
      http.post(api('/comments/images/upload'), async () => {
        await new Promise<void>((r) => (release = r));
        return HttpResponse.json({ data: uploadedFile() });
      }),
    );
    renderWithUser(section(), makeUser());
    await screen.findByText('No comments yet. Be the first to say something!');
    fireEvent.change(screen.getByRole('textbox', { name: 'Comment' }), { target: { value: 'Changed my mind' } });
    await pick(imageInput(commentForm()), picture());
    const tile = await screen.findByRole('group', { name: 'Image sunset.jpg' });
    await waitFor(() => expect(release).toBeDefined());
    fireEvent.click(within(tile).getByRole('button', { name: 'Remove the image' }));
    await act(async () => release!());
    expect(screen.queryByRole('group', { name: 'Image sunset.jpg' })).not.toBeInTheDocument();
    fireEvent.click(buttonWithText('Post'));
    await waitFor(() => expect(posted).toEqual([{ objectType: 'feed', objectId: FEED_ID, text: 'Changed my mind' }]));
  });
});

describe('a comment with an image', () => {
  it('shows the thumbnail lazily in a box of the picture\'s proportions, at most 240 px', async () => {
    serveComments([
      makeComment({ text: 'Landscape', image: imageOf(uuid(7101), 1600, 1200) }),
      makeComment({ text: 'Portrait', image: imageOf(uuid(7102), 300, 900) }),
      makeComment({ text: 'No picture' }),
    ]);
    renderWithUser(section(), makeUser());
    const landscape = (await screen.findByText('Landscape')).closest('article')!;
    const img = within(landscape).getByRole('img', { name: /^Image from / });
    expect(img.getAttribute('src')).toBe(imageOf(uuid(7101)).thumbnailUrl);
    expect(img.getAttribute('loading')).toBe('lazy');
    const box = img.closest('figure') as HTMLElement;
    expect(box.style.width).toBe('240px');
    expect(box.style.aspectRatio).toBe('1600 / 1200');
    const portrait = screen.getByText('Portrait').closest('article')!;
    expect((within(portrait).getByRole('img', { name: /^Image from / }).closest('figure') as HTMLElement).style.width).toBe('80px');
    expect(within(screen.getByText('No picture').closest('article')!).queryByRole('img', { name: /^Image from / })).not.toBeInTheDocument();

    // A click shows the whole picture (its main file), not the thumbnail.
    fireEvent.click(img);
    await waitFor(() => expect([...document.querySelectorAll('img')].map((i) => i.getAttribute('src'))).toContain(imageOf(uuid(7101)).url));
  });
});

describe('editing a comment\'s image (PUT is an upload)', () => {
  it('replaces the image: the new file and the text go in one multipart request with progress', async () => {
    const mine = makeComment({ text: 'My shot', isOwner: true, canDelete: true, image: imageOf(uuid(7201)) });
    const { edits, hold } = serveComments([mine]);
    renderWithUser(section(), makeUser());
    const article = (await screen.findByText('My shot')).closest('article')!;
    fireEvent.click(within(article).getByRole('button', { name: 'Edit' }));
    const current = await within(article).findByRole('group', { name: 'Image Current image' });
    expect(current.querySelector('img')!.getAttribute('src')).toBe(mine.image!.thumbnailUrl);

    await pick(imageInput(article), picture('better.png', 'image/png'));
    const tile = within(article).getByRole('group', { name: 'Image better.png' });
    expect(within(tile).getByText('Ready')).toBeInTheDocument();
    expect(tile.querySelector('img')!.getAttribute('src')).toBe('blob:local-preview');
    fireEvent.change(within(article).getByRole('textbox', { name: 'Edit comment' }), { target: { value: 'My better shot' } });
    const release = hold();
    fireEvent.click(buttonWithText('Save', article));
    // While the form is on its way the tile shows how much was sent.
    expect(await within(article).findByRole('progressbar', { name: 'better.png upload progress' })).toBeInTheDocument();
    await act(async () => release());
    await waitFor(() => expect(edits).toEqual([{ fields: { text: 'My better shot' }, files: ['image:better.png'] }]));
    await waitFor(() => expect(successToast).toHaveBeenCalledWith('Comment updated'));
    await waitFor(() => expect(within(article).queryByRole('textbox', { name: 'Edit comment' })).not.toBeInTheDocument());
  });

  it('removes the image with removeImage and no file', async () => {
    const mine = makeComment({ text: 'Too dark', isOwner: true, canDelete: true, image: imageOf(uuid(7301)) });
    const { edits } = serveComments([mine]);
    renderWithUser(section(), makeUser());
    const article = (await screen.findByText('Too dark')).closest('article')!;
    fireEvent.click(within(article).getByRole('button', { name: 'Edit' }));
    const current = await within(article).findByRole('group', { name: 'Image Current image' });
    fireEvent.click(within(current).getByRole('button', { name: 'Remove the image' }));
    fireEvent.click(buttonWithText('Save', article));
    await waitFor(() => expect(edits).toEqual([{ fields: { text: 'Too dark', removeImage: 'true' }, files: [] }]));
  });

  it('keeps the form and says why when the server refuses the new image', async () => {
    const mine = makeComment({ text: 'Keep me', isOwner: true, canDelete: true, image: null });
    serveComments([mine]);
    server.use(http.put(api('/comments/:id'), () => HttpResponse.json(
      { statusCode: 413, error: 'Payload Too Large', message: 'This file is too large: the limit is 20 MB', details: [{ field: 'image', message: 'This file is too large: the limit is 20 MB' }] },
      { status: 413 },
    )));
    renderWithUser(section(), makeUser());
    const article = (await screen.findByText('Keep me')).closest('article')!;
    fireEvent.click(within(article).getByRole('button', { name: 'Edit' }));
    await pick(imageInput(article), picture('huge.jpg'));
    fireEvent.click(buttonWithText('Save', article));
    await waitFor(() => expect(errorToast).toHaveBeenCalledWith('This file is too large: the limit is 20 MB'));
    expect(within(article).getByRole('group', { name: 'Image huge.jpg' })).toBeInTheDocument();
    expect(within(article).getByRole('textbox', { name: 'Edit comment' })).toHaveValue('Keep me');
    expect(successToast).not.toHaveBeenCalled();
  });
});
