import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { PerformerBookmark } from '@/common/contract/social';
import { BookmarksPage } from '@/client/features/social/components/bookmarks-page';
import { api, installMswServer, server } from '../../../support/msw';
import { makeUser } from '../../fixtures';
import { makeCard, mockRouter, renderPage } from '../discovery/render-page';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));

installMswServer();

function bookmarksReturn(items: PerformerBookmark[], total = items.length) {
  const queries: Record<string, string>[] = [];
  server.use(
    http.get(api('/reactions/performers/bookmark'), ({ request }) => {
      queries.push(Object.fromEntries(new URL(request.url).searchParams));
      return HttpResponse.json({ data: { data: items, total } });
    }),
    http.get(api('/follows/following/ids'), () => HttpResponse.json({ data: [] })),
  );
  return queries;
}

describe('Bookmarks page (/user/bookmarks)', () => {
  it('shows the Creators tab with the bookmarked creators, paged from the URL', async () => {
    const queries = bookmarksReturn(
      [{ _id: 'b1', performer: makeCard({ name: 'Saved Star', isBookmarked: true }), createdAt: '2025-03-01T00:00:00.000Z' }],
      13,
    );
    mockRouter({ current: '2', tab: 'creators' }, '/user/bookmarks');
    renderPage(<BookmarksPage />, makeUser());
    expect(screen.getByRole('tab', { name: 'Creators' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Saved Star')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove bookmark' })).toHaveAttribute('aria-pressed', 'true');
    // The tab is page state, not a filter of the API.
    expect(queries[0]).toEqual({ offset: '12', limit: '12' });
  });

  it('has an empty state that leads to the explore page', async () => {
    bookmarksReturn([]);
    mockRouter({}, '/user/bookmarks');
    renderPage(<BookmarksPage />, makeUser());
    expect(await screen.findByText('You have not bookmarked any creators yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /explore creators/i })).toHaveAttribute('href', '/creator');
  });
});
