import { fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { FollowingEntry } from '@/common/contract/social';
import { FollowingPage } from '@/client/features/social/components/following-page';
import { api, installMswServer, server } from '../../../support/msw';
import { makeUser } from '../../fixtures';
import { lastPushedQuery, makeCard, mockRouter, renderPage } from '../discovery/render-page';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));

installMswServer();

function followingReturns(entries: FollowingEntry[], total = entries.length) {
  const queries: Record<string, string>[] = [];
  server.use(
    http.get(api('/follows/following'), ({ request }) => {
      queries.push(Object.fromEntries(new URL(request.url).searchParams));
      return HttpResponse.json({ data: { data: entries, total } });
    }),
    http.get(api('/follows/following/ids'), () => HttpResponse.json({ data: entries.map((e) => e.performer._id) })),
  );
  return queries;
}

const entry = (name: string): FollowingEntry => ({
  _id: `f-${name}`,
  performer: makeCard({ name, isFollowed: true }),
  createdAt: '2025-02-01T00:00:00.000Z',
});

describe('Following page (/user/following)', () => {
  it('lists the creators I follow as cards, with the search and page of the URL', async () => {
    const queries = followingReturns([entry('Aurora'), entry('Blake')], 14);
    mockRouter({ current: '2', q: 'a' }, '/user/following');
    renderPage(<FollowingPage />, makeUser());
    expect(await screen.findByText('Aurora')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Following' })).toHaveLength(2);
    expect(screen.getByText('You follow 14 creators.')).toBeInTheDocument();
    expect(queries[0]).toEqual({ offset: '12', limit: '12', q: 'a' });
  });

  it('has an empty state that leads to the explore page', async () => {
    followingReturns([]);
    mockRouter({}, '/user/following');
    renderPage(<FollowingPage />, makeUser());
    expect(await screen.findByText('You are not following anyone yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /explore creators/i })).toHaveAttribute('href', '/creator');
  });

  it('says when a search finds nothing, and clears it', async () => {
    followingReturns([]);
    const push = mockRouter({ q: 'zed', current: '2' }, '/user/following');
    renderPage(<FollowingPage />, makeUser());
    expect(await screen.findByText('No creators you follow match “zed”')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(lastPushedQuery(push)).toEqual({});
  });

  it('searching writes q and goes back to page 1', async () => {
    followingReturns([entry('Cleo')], 30);
    const push = mockRouter({ current: '3' }, '/user/following');
    renderPage(<FollowingPage />, makeUser());
    await screen.findByText('Cleo');
    const box = screen.getByRole('searchbox', { name: 'Search following' });
    fireEvent.change(box, { target: { value: 'cle' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(lastPushedQuery(push)).toEqual({ q: 'cle' });
  });
});
