import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MyPostsPage } from '@/client/features/feeds/components/my-posts-page';
import { toast } from '@/client/lib/toast';
import { api, installMswServer, server } from '../../../support/msw';
import { lastPushedQuery, mockRouter } from '../discovery/render-page';
import { creatorUser, makeFeed, makeFile, renderFeedUi } from './feed-fixtures';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));

installMswServer();
afterEach(() => jest.restoreAllMocks());

describe('My posts (/creator/my-post)', () => {
  it('lists the creator\'s posts with their state and sends the filters of the URL', async () => {
    const queries: Record<string, string>[] = [];
    const later = new Date(Date.now() + 86_400_000).toISOString();
    server.use(http.get(api('/performer/feeds'), ({ request }) => {
      queries.push(Object.fromEntries(new URL(request.url).searchParams));
      return HttpResponse.json({
        data: {
          data: [
            makeFeed({ type: 'photo', text: '<p>Beach day</p>', files: [makeFile()], isPinned: true, stats: { likes: 12, bookmarks: 0, comments: 4, views: 0 } }),
            makeFeed({ text: '<p>Soon</p>', isScheduled: true, publishAt: later, access: 'sale', price: 5 }),
            makeFeed({ text: '<p>Secret</p>', status: 'draft', access: 'subscribers' }),
          ],
          total: 3,
        },
      });
    }));
    const push = mockRouter({ q: 'beach', type: 'photo', status: 'bogus' }, '/creator/my-post');
    renderFeedUi(<MyPostsPage />, creatorUser());
    expect(await screen.findByText('Beach day')).toBeInTheDocument();
    // Values outside the lists stay out of the request.
    expect(queries[0]).toEqual({ offset: '0', limit: '10', sortBy: 'updatedAt', sort: 'desc', q: 'beach', type: 'photo' });
    const rows = within(screen.getByRole('region', { name: 'My posts' })).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Photos');
    expect(rows[0]).toHaveTextContent('Pinned');
    expect(rows[0]).toHaveTextContent('Published');
    expect(rows[0]).toHaveTextContent('12');
    expect(rows[1]).toHaveTextContent(/Scheduled ·/);
    expect(rows[1]).toHaveTextContent('5.00 tokens');
    expect(rows[2]).toHaveTextContent('Draft');
    expect(rows[2]).toHaveTextContent('Subscribers');
    expect(within(rows[0]).getByRole('link', { name: 'Edit post' })).toHaveAttribute('href', expect.stringMatching(/^\/creator\/my-post\/.+\/edit$/));

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search my posts' }), { target: { value: 'sunset' } });
    fireEvent.keyDown(screen.getByRole('searchbox', { name: 'Search my posts' }), { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(lastPushedQuery(push)).toMatchObject({ q: 'sunset', type: 'photo' });
  });

  it('shows the server\'s refusal of a fourth pin, and deletes after confirming, saying so and reloading the list', async () => {
    const feed = makeFeed({ text: '<p>To go</p>' });
    const calls: string[] = [];
    let deleted = false;
    server.use(
      http.get(api('/performer/feeds'), () => HttpResponse.json({ data: { data: deleted ? [] : [feed], total: deleted ? 0 : 1 } })),
      http.put(api(`/performer/feeds/${feed._id}`), async ({ request }) => {
        calls.push(`PUT ${JSON.stringify(await request.json())}`);
        return HttpResponse.json({ statusCode: 422, error: 'Unprocessable Entity', message: 'You can pin at most 3 posts: unpin one first' }, { status: 422 });
      }),
      http.delete(api(`/performer/feeds/${feed._id}`), () => {
        calls.push('DELETE');
        deleted = true;
        return HttpResponse.json({ data: { success: true } });
      }),
    );
    const success = jest.spyOn(toast, 'success').mockImplementation(() => undefined);
    const failure = jest.spyOn(toast, 'error').mockImplementation(() => undefined);
    mockRouter({}, '/creator/my-post');
    renderFeedUi(<MyPostsPage />, creatorUser());
    await screen.findByText('To go');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Pin post' }));
    });
    await waitFor(() => expect(failure).toHaveBeenCalledWith('You can pin at most 3 posts: unpin one first'));
    expect(calls).toEqual(['PUT {"isPinned":true}']);

    fireEvent.click(screen.getByRole('button', { name: 'Delete post' }));
    expect(calls).toHaveLength(1);
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    });
    await waitFor(() => expect(success).toHaveBeenCalledWith('Post deleted'));
    expect(calls).toEqual(['PUT {"isPinned":true}', 'DELETE']);
    expect(await screen.findByText('You have not posted anything yet')).toBeInTheDocument();
  });
});
