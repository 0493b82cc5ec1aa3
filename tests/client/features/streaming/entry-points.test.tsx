import { render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { http, HttpResponse } from 'msw';
import { useRouter } from 'next/router';
import { HeaderNav } from '@/client/layouts/header-nav';
import { accountLinks } from '@/client/layouts/account-links';
import { studioNavItems } from '@/client/layouts/studio-nav';
import { WatchLiveButton } from '@/client/features/streaming/components/watch-live-button';
import { makeStore } from '@/client/store/store';
import { api, installMswServer, server } from '../../../support/msw';
import { makePerformer } from '../../fixtures';
import { renderWithStore } from '../videos/render-video';
import { makeStreamView } from './stream-fixtures';
import { liveStore } from './streaming-test-setup';
import '../discovery/dom-stubs';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));

installMswServer();

beforeEach(() => {
  jest.mocked(useRouter).mockReturnValue({ pathname: '/', asPath: '/', query: {}, push: jest.fn() } as unknown as ReturnType<typeof useRouter>);
});

describe('live streaming entry points', () => {
  it('the header links to /live only while live streaming is on', () => {
    const { unmount } = render(<Provider store={makeStore()}><HeaderNav /></Provider>);
    expect(within(screen.getByRole('navigation', { name: 'Main' })).queryByText('Live')).not.toBeInTheDocument();
    unmount();
    render(<Provider store={liveStore()}><HeaderNav /></Provider>);
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByText('Live').closest('a')).toHaveAttribute('href', '/live');
  });

  it('the creator studio has "Go live" only while live streaming is on; fans have no studio', () => {
    expect(studioNavItems(false).some((l) => l.href === '/creator/live')).toBe(false);
    expect(studioNavItems(true)).toContainEqual({ key: 'live', label: 'Go live', href: '/creator/live', live: true });
    // Private shows are live shows: their page is in the studio only while live streaming is on.
    expect(studioNavItems(false).some((l) => l.href === '/creator/private-shows')).toBe(false);
    expect(studioNavItems(true).some((l) => l.href === '/creator/private-shows')).toBe(true);
    expect(accountLinks(makePerformer({ isPerformer: false, role: 'user' })).some((l) => l.href.startsWith('/creator/'))).toBe(false);
  });

  it('a profile shows LIVE and "Watch live" while the creator streams', async () => {
    server.use(http.get(api('/streaming/join/aurora'), () => HttpResponse.json({ data: makeStreamView({ canWatch: false, lockReason: 'login' }) })));
    renderWithStore(<WatchLiveButton performer={{ _id: 'p1', username: 'aurora' }} />, undefined, liveStore());
    expect(await screen.findByText('Watch live')).toBeInTheDocument();
    expect(screen.getByText('LIVE')).toBeInTheDocument();
    expect(screen.getByText('Watch live').closest('a')).toHaveAttribute('href', '/streaming/aurora');
  });

  it('a profile shows nothing when the creator is not live (404), and asks nothing when live is off', async () => {
    let asked = 0;
    server.use(
      http.get(api('/streaming/join/aurora'), () => {
        asked += 1;
        return HttpResponse.json({ statusCode: 404, error: 'Not Found', message: 'Not live' }, { status: 404 });
      }),
    );
    renderWithStore(<WatchLiveButton performer={{ _id: 'p1', username: 'aurora' }} />, undefined, liveStore());
    await new Promise((r) => setTimeout(r, 100));
    expect(asked).toBe(1);
    expect(screen.queryByText('Watch live')).not.toBeInTheDocument();
    renderWithStore(<WatchLiveButton performer={{ _id: 'p1', username: 'aurora' }} />);
    await new Promise((r) => setTimeout(r, 100));
    expect(asked).toBe(1);
  });
});
