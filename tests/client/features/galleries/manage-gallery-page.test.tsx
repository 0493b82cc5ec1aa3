import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { GalleryDetail } from '@/common/contract/galleries';
import { ManageGalleryPage } from '@/client/features/galleries/components/manage-gallery-page';
import { toast } from '@/client/lib/toast';
import { api, installMswServer, server } from '../../../support/msw';
import { makeFile, makePerformer } from '../../fixtures';
import { mockRouter, renderPage } from '../discovery/render-page';
import { makeDetail, makePhoto } from './gallery-fixtures';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));

installMswServer();
let success: jest.SpyInstance;
let failure: jest.SpyInstance;
beforeEach(() => {
  success = jest.spyOn(toast, 'success').mockImplementation(() => undefined);
  failure = jest.spyOn(toast, 'error').mockImplementation(() => undefined);
  server.use(http.get(api('/follows/following/ids'), () => HttpResponse.json({ data: [] })));
});
afterEach(() => {
  success.mockRestore();
  failure.mockRestore();
});

/** The creator's gallery as the API keeps it; `loads` counts the reloads after each change. */
function serveGallery(initial: GalleryDetail) {
  const state = { gallery: initial, loads: 0 };
  server.use(
    http.get(api('/performer/performer-assets/galleries/:id/view'), () => {
      state.loads += 1;
      return HttpResponse.json({ data: state.gallery });
    }),
  );
  return state;
}

const pick = (files: File[]) => {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files } });
};

describe('Managing a gallery (/creator/my-gallery/[id])', () => {
  it('uploads several photos at once, each with its own progress bar, keeping a refused one\'s reason', async () => {
    const gallery = makeDetail({ title: 'Uploads', photos: [] });
    const state = serveGallery(gallery);
    const received: { galleryId: string; name: string }[] = [];
    const release: Record<string, () => void> = {};
    server.use(
      http.post(api('/performer/performer-assets/photos/upload'), async ({ request }) => {
        const form = await request.formData();
        const file = form.get('file') as File;
        received.push({ galleryId: String(form.get('galleryId')), name: file.name });
        await new Promise<void>((r) => (release[file.name] = r));
        if (file.name === 'notes.png') {
          const message = 'file must be an image (JPEG, PNG, WebP or GIF)';
          return HttpResponse.json({ statusCode: 400, error: 'Bad Request', message, details: [{ field: 'file', message }] }, { status: 400 });
        }
        const photo = makePhoto(false, { galleryId: gallery._id, title: '' });
        state.gallery = { ...state.gallery, photos: [...state.gallery.photos, photo], totalPhotos: state.gallery.photos.length + 1 };
        return HttpResponse.json({ data: photo });
      }),
    );
    mockRouter({ id: gallery._id }, '/creator/my-gallery/[id]');
    renderPage(<ManageGalleryPage />, makePerformer());
    expect(await screen.findByRole('heading', { name: 'Uploads' })).toBeInTheDocument();
    expect(screen.getByText('No photos yet: add some above')).toBeInTheDocument();

    await act(async () => pick([makeFile('a', 'beach.png', 'image/png'), makeFile('b', 'notes.png', 'image/png')]));
    const beach = await screen.findByLabelText('beach.png upload progress');
    const notes = screen.getByLabelText('notes.png upload progress');
    expect(Number(beach.getAttribute('aria-valuenow'))).toBeLessThanOrEqual(100);
    expect(notes).toBeInTheDocument();
    expect(screen.getByText('Uploading 2…')).toBeInTheDocument();
    await waitFor(() => expect(received.map((r) => r.name).sort()).toEqual(['beach.png', 'notes.png']));
    expect(received.every((r) => r.galleryId === gallery._id)).toBe(true);

    const loadsBefore = state.loads;
    await act(async () => release['beach.png']());
    await waitFor(() => expect(screen.getByLabelText('Uploaded')).toBeInTheDocument());
    await waitFor(() => expect(state.loads).toBeGreaterThan(loadsBefore));
    expect(await screen.findByLabelText('Photo 1', { selector: 'li' })).toBeInTheDocument();

    await act(async () => release['notes.png']());
    expect(await screen.findByText('file must be an image (JPEG, PNG, WebP or GIF)')).toBeInTheDocument();
    expect(screen.getByLabelText('Failed')).toBeInTheDocument();
    expect(screen.getByText('All uploads finished')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Clear finished'));
    expect(screen.queryByLabelText('Uploads')).not.toBeInTheDocument();
  });

  it('sets the cover, moves a photo earlier, and deletes one after confirming', async () => {
    const gallery = makeDetail({ title: 'Arrange me' });
    const [first, second] = gallery.photos;
    const state = serveGallery(gallery);
    const calls: string[] = [];
    server.use(
      http.post(api('/performer/performer-assets/photos/set-cover/:id'), ({ params }) => {
        calls.push(`cover ${String(params.id)}`);
        state.gallery = { ...state.gallery, coverPhotoId: second._id, cover: second.file };
        return HttpResponse.json({ data: state.gallery });
      }),
      http.delete(api('/performer/performer-assets/photos/:id'), ({ params }) => {
        calls.push(`delete ${String(params.id)}`);
        state.gallery = { ...state.gallery, photos: state.gallery.photos.filter((p) => p._id !== params.id) };
        return HttpResponse.json({ data: { success: true } });
      }),
      http.put(api('/performer/performer-assets/photos/:id'), async ({ params, request }) => {
        calls.push(`put ${String(params.id)} ${JSON.stringify(await request.json())}`);
        return HttpResponse.json({ data: second });
      }),
    );
    mockRouter({ id: gallery._id }, '/creator/my-gallery/[id]');
    renderPage(<ManageGalleryPage />, makePerformer());

    const firstTile = within(await screen.findByLabelText('First light', { selector: 'li' }));
    expect(firstTile.getByText('Cover')).toBeInTheDocument();
    expect(firstTile.getByLabelText('Make First light the cover')).toBeDisabled();
    expect(firstTile.getByLabelText('Move First light earlier')).toBeDisabled();

    fireEvent.click(screen.getByLabelText('Make Second wave the cover'));
    await waitFor(() => expect(calls).toEqual([`cover ${second._id}`]));
    await waitFor(() => expect(within(screen.getByLabelText('Second wave', { selector: 'li' })).getByText('Cover')).toBeInTheDocument());
    expect(success).toHaveBeenCalledWith('Cover set');

    fireEvent.click(screen.getByLabelText('Move Second wave earlier'));
    await waitFor(() => expect(calls).toContain(`put ${second._id} {"position":0}`));

    fireEvent.click(screen.getByLabelText('Delete First light'));
    expect(calls.some((c) => c.startsWith('delete'))).toBe(false);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls).toContain(`delete ${first._id}`));
    await waitFor(() => expect(screen.queryByLabelText('First light', { selector: 'li' })).not.toBeInTheDocument());
  });

  it('saves the details and says Changes saved', async () => {
    const gallery = makeDetail({ title: 'Old title' });
    serveGallery(gallery);
    const bodies: unknown[] = [];
    server.use(
      http.put(api('/performer/performer-assets/galleries/:id'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ data: { ...gallery, title: 'New title' } });
      }),
    );
    mockRouter({ id: gallery._id }, '/creator/my-gallery/[id]');
    renderPage(<ManageGalleryPage />, makePerformer());
    const title = await screen.findByLabelText('Title');
    fireEvent.change(title, { target: { value: 'New title' } });
    fireEvent.click(screen.getByRole('button', { name: /save changes/i }));
    await waitFor(() => expect(bodies).toEqual([{ title: 'New title', description: '', access: 'free', status: 'active', publishAt: null }]));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Changes saved'));
  });

  it('shows not found for a gallery that is not mine', async () => {
    server.use(
      http.get(api('/performer/performer-assets/galleries/:id/view'), () =>
        HttpResponse.json({ statusCode: 404, error: 'Not Found', message: 'Gallery not found' }, { status: 404 })),
    );
    mockRouter({ id: '00000000-0000-4000-8000-000000000001' }, '/creator/my-gallery/[id]');
    renderPage(<ManageGalleryPage />, makePerformer());
    expect(await screen.findByText('This gallery does not exist or is not yours.')).toBeInTheDocument();
  });
});
