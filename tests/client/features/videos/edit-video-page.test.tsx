import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { MediaFileStatus } from '@/common/contract/media';
import { EditVideoPage } from '@/client/features/videos/components/edit-video-page';
import { toast } from '@/client/lib/toast';
import { api, installMswServer, server } from '../../../support/msw';
import { makePerformer } from '../../fixtures';
import { mockRouter } from '../discovery/render-page';
import { makeFile, makeVideo } from './video-fixtures';
import { renderWithStore } from './render-video';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));

installMswServer();

beforeEach(() => {
  mockRouter({ id: 'x' }, '/creator/my-video/[id]/edit');
  server.use(http.get(api('/follows/following/ids'), () => HttpResponse.json({ data: [] })));
});
afterEach(() => jest.restoreAllMocks());

describe('EditVideoPage', () => {
  it('polls the status while the video processes, then shows the failure reason', async () => {
    const main = makeFile({ status: 'pending', url: null });
    let video = makeVideo({ title: 'Fresh upload', video: main });
    const answers: MediaFileStatus[] = [
      { _id: main._id, status: 'processing', failureReason: null },
      { _id: main._id, status: 'failed', failureReason: 'The video could not be read: it may be damaged or in an unsupported format' },
    ];
    let polls = 0;
    server.use(
      http.get(api(`/performer/performer-assets/videos/${video._id}/view`), () => HttpResponse.json({ data: video })),
      http.get(api(`/performer/performer-assets/videos/${video._id}/status`), () => {
        const status = answers[Math.min(polls, answers.length - 1)];
        polls += 1;
        if (status.status === 'failed') video = { ...video, video: { ...main, status: 'failed', failureReason: status.failureReason } };
        return HttpResponse.json({ data: { video: status, teaser: null } });
      }),
    );
    renderWithStore(<EditVideoPage id={video._id} />, makePerformer());
    expect(await screen.findByText('Processing…')).toBeInTheDocument();
    expect(await screen.findByText(/could not be read/, undefined, { timeout: 8000 })).toBeInTheDocument();
    expect(polls).toBeGreaterThanOrEqual(2);
    const settledAt = polls;
    await new Promise((r) => setTimeout(r, 2500));
    // Settled: no more polling.
    expect(polls).toBe(settledAt);
  }, 20_000);

  it('removes the thumbnail after confirming', async () => {
    const thumbnail = makeFile({ type: 'video-thumbnail', kind: 'image', thumbnails: ['http://api.test/t/thumb.webp'] });
    const video = makeVideo({ title: 'With cover', thumbnail });
    const removed: unknown[] = [];
    const success = jest.spyOn(toast, 'success').mockImplementation(() => undefined);
    server.use(
      http.get(api(`/performer/performer-assets/videos/${video._id}/view`), () => HttpResponse.json({ data: video })),
      http.delete(api(`/performer/performer-assets/videos/remove-file/${video._id}`), async ({ request }) => {
        removed.push(await request.json());
        return HttpResponse.json({ data: { ...video, thumbnail: null } });
      }),
    );
    renderWithStore(<EditVideoPage id={video._id} />, makePerformer());
    expect(await screen.findByAltText('Current thumbnail')).toBeInTheDocument();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Remove the thumbnail' }));
    });
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    });
    await waitFor(() => expect(removed).toEqual([{ type: 'thumbnail' }]));
    await waitFor(() => expect(screen.queryByAltText('Current thumbnail')).not.toBeInTheDocument());
    expect(success).toHaveBeenCalledWith('Thumbnail removed');
  });

  it('says when the video is not there or not the creator\'s', async () => {
    server.use(http.get(api('/performer/performer-assets/videos/:id/view'), () =>
      HttpResponse.json({ statusCode: 404, error: 'Not Found', message: 'Video not found' }, { status: 404 })));
    renderWithStore(<EditVideoPage id="00000000-0000-4000-8000-000000000001" />, makePerformer());
    expect(await screen.findByText('This video does not exist or is not yours.')).toBeInTheDocument();
  });
});
