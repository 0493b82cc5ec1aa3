import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { LiveListPage, LIVE_OFF, NOBODY_LIVE } from '@/client/features/streaming/components/live-list-page';
import { updateSettings } from '@/client/features/settings/settings.slice';
import { makeStore } from '@/client/store/store';
import { api, installMswServer, server } from '../../../support/msw';
import { mockRouter } from '../discovery/render-page';
import { renderWithStore } from '../videos/render-video';
import { makeStreamView } from './stream-fixtures';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));

installMswServer();

const liveOn = () => {
  const store = makeStore();
  store.dispatch(updateSettings({ agoraEnable: true }));
  return store;
};

describe('/live', () => {
  it('lists creators live now with LIVE, viewers, access and a link to watch; page and search from the URL', async () => {
    const asked: Record<string, string>[] = [];
    server.use(
      http.get(api('/streaming/user/search'), ({ request }) => {
        asked.push(Object.fromEntries(new URL(request.url).searchParams));
        return HttpResponse.json({
          data: {
            data: [
              makeStreamView({ _id: 's1', title: 'Morning yoga', viewerCount: 12 }),
              makeStreamView({ _id: 's2', performerId: 'p2', performer: { _id: 'p2', name: 'Blaze', username: 'blaze', avatar: '', isPerformer: true }, title: 'Q&A', access: 'sale', price: 5 }),
              makeStreamView({ _id: 's3', performerId: 'p3', performer: { _id: 'p3', name: 'Cleo', username: null, avatar: '', isPerformer: true }, title: 'Cooking', access: 'subscribers' }),
            ],
            total: 3,
          },
        });
      }),
    );
    mockRouter({ q: 'yo', current: '2' }, '/live');
    renderWithStore(<LiveListPage />, undefined, liveOn());
    expect(await screen.findByText('Morning yoga')).toBeInTheDocument();
    expect(asked[0]).toEqual({ offset: '12', limit: '12', q: 'yo' });
    expect(screen.getAllByText('LIVE')).toHaveLength(3);
    expect(screen.getByText('12 watching')).toBeInTheDocument();
    expect(screen.getByText('Free')).toBeInTheDocument();
    expect(screen.getByText('5.00 tokens')).toBeInTheDocument();
    expect(screen.getByText('Subscribers')).toBeInTheDocument();
    expect(screen.getByLabelText('Watch Aurora Vale')).toHaveAttribute('href', '/streaming/aurora');
    expect(screen.getByLabelText('Watch Cleo')).toHaveAttribute('href', '/streaming/p3');
  });

  it('says nobody is live when the list is empty', async () => {
    server.use(http.get(api('/streaming/user/search'), () => HttpResponse.json({ data: { data: [], total: 0 } })));
    mockRouter({}, '/live');
    renderWithStore(<LiveListPage />, undefined, liveOn());
    expect(await screen.findByText(NOBODY_LIVE)).toBeInTheDocument();
  });

  it('shows the server\'s message and a retry when the list fails', async () => {
    server.use(http.get(api('/streaming/user/search'), () => HttpResponse.json({ statusCode: 422, error: 'Unprocessable Entity', message: 'Live streaming is not enabled on this site' }, { status: 422 })));
    mockRouter({}, '/live');
    renderWithStore(<LiveListPage />, undefined, liveOn());
    expect(await screen.findByText('We could not load the live streams')).toBeInTheDocument();
    expect(screen.getByText('Live streaming is not enabled on this site')).toBeInTheDocument();
    expect(screen.getByText('Try again')).toBeInTheDocument();
  });

  it('is switched off (and asks nothing) when the site has live streaming off', async () => {
    // msw fails the test on any request: none may be made.
    mockRouter({}, '/live');
    renderWithStore(<LiveListPage />);
    expect(await screen.findByText(LIVE_OFF)).toBeInTheDocument();
  });
});
