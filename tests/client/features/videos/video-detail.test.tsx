import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { VideoDetail } from '@/client/features/videos/components/video-detail';
import { resetChosenVolume } from '@/client/features/videos/use-player-volume';
import { updateSettings } from '@/client/features/settings/settings.slice';
import { makeStore } from '@/client/store/store';
import { api, installMswServer, server } from '../../../support/msw';
import { makeUser } from '../../fixtures';
import { mockRouter } from '../discovery/render-page';
import { renderWithStore as renderPage } from './render-video';
import { lockedFile, makeFile, makeVideo } from './video-fixtures';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));
jest.mock('next/head', () => ({ __esModule: true, default: ({ children }: { children: unknown }) => children }));

installMswServer();

let views: string[];
beforeEach(() => {
  views = [];
  resetChosenVolume();
  mockRouter({}, '/video/[id]');
  server.use(
    http.post(api('/performer-assets/videos/:id/view'), ({ params }) => {
      views.push(String(params.id));
      return HttpResponse.json({ data: { views: 1, counted: true } });
    }),
    http.get(api('/comments'), () => HttpResponse.json({ data: { data: [], total: 0 } })),
    http.get(api('/follows/following/ids'), () => HttpResponse.json({ data: [] })),
  );
});

describe('VideoDetail', () => {
  it('plays an unlocked video at the site volume, links its tags and counts a view', async () => {
    const video = makeVideo({ title: 'Sunset', tags: ['beach', 'sun'], description: 'Line one\nLine two' });
    const store = makeStore();
    store.dispatch(updateSettings({ volume: 0.4 }));
    renderPage(<VideoDetail video={video} />, makeUser(), store);
    const player = screen.getByLabelText('Sunset') as HTMLVideoElement;
    expect(player.tagName).toBe('VIDEO');
    expect(player.getAttribute('src')).toBe(video.video!.url);
    expect(player.volume).toBeCloseTo(0.4);
    expect(screen.getByRole('heading', { name: 'Sunset' })).toBeInTheDocument();
    expect(screen.getByText('#beach').closest('a')).toHaveAttribute('href', '/creator?tab=videos&tag=beach');
    expect(screen.getByText('1:05')).toBeInTheDocument();
    await waitFor(() => expect(views).toEqual([video._id]));
    expect(await screen.findByText(/no comments/i)).toBeInTheDocument();
  });

  it('remembers a volume the viewer sets in the player for the next video', async () => {
    const store = makeStore();
    store.dispatch(updateSettings({ volume: 0.4 }));
    renderPage(<VideoDetail video={makeVideo({ title: 'First' })} />, makeUser(), store);
    const player = screen.getByLabelText('First') as HTMLVideoElement;
    act(() => {
      player.volume = 0.8;
      fireEvent(player, new Event('volumechange'));
    });
    expect(store.getState().player.volume).toBeCloseTo(0.8);
  });

  it('shows a locked video as its blurred preview with the price, a playable teaser, and no main file', async () => {
    const main = lockedFile();
    const teaser = makeFile({ type: 'video-teaser' });
    const video = makeVideo({
      title: 'Premium', access: 'sale', price: 7.5, isLocked: true, unlockedBy: null, video: main, teaser,
    });
    renderPage(<VideoDetail video={video} />, makeUser());
    const container = document.body;
    expect(screen.getByRole('group', { name: 'Locked video' })).toBeInTheDocument();
    expect(screen.getByText('Unlock for 7.50 tokens')).toBeInTheDocument();
    const teaserPlayer = screen.getByLabelText('Teaser of Premium') as HTMLVideoElement;
    expect(teaserPlayer.getAttribute('src')).toBe(teaser.url);
    expect(container.innerHTML).not.toContain(`/${main._id}/main`);
    expect(container.querySelector(`img[src="${main.preview}"]`)).not.toBeNull();
    expect(screen.getByText('Buy this video to see and write comments')).toBeInTheDocument();
    await waitFor(() => expect(views).toEqual([video._id]));
  });

  it('asks subscribers-only viewers to subscribe', () => {
    renderPage(<VideoDetail video={makeVideo({ access: 'subscribers', isLocked: true, unlockedBy: null, video: lockedFile() })} />);
    expect(screen.getByText('Subscribe to unlock')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /see subscription options/i })).toHaveAttribute('href', '/creator#subscribe');
  });

  it('shows its creator the failure reason and an edit link instead of a report button', () => {
    const owner = makeUser({ _id: makeVideo().performerId, isPerformer: true, role: 'performer' });
    const video = makeVideo({
      unlockedBy: 'owner',
      video: makeFile({ status: 'failed', url: null, failureReason: 'The video could not be read: it may be damaged or in an unsupported format' }),
    });
    renderPage(<VideoDetail video={video} />, owner);
    expect(screen.getByText(/could not be read/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /edit/i })).toHaveAttribute('href', `/creator/my-video/${video._id}/edit`);
  });

  it('has not-found and not-available states', async () => {
    renderPage(<VideoDetail video={null} />);
    expect(await screen.findByText('404')).toBeInTheDocument();
    expect(views).toEqual([]);
  });

  it('says when the creator is not available to the viewer', async () => {
    renderPage(<VideoDetail video={null} notAvailable="This creator is not available to you" />);
    expect(await screen.findByText('This creator is not available to you')).toBeInTheDocument();
  });
});
