import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { PerformerCard } from '@/common/contract/performers';
import type { ErrorBody } from '@/common/contract/common';
import type { CountryRecord } from '@/common/contract/reference';
import { ExplorePage } from '@/client/features/discovery/components/explore-page';
import { api, installMswServer, server } from '../../../support/msw';
import { lastPushedQuery, makeCard, mockRouter, renderPage } from './render-page';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));

installMswServer();

const country = (code: string, name: string): CountryRecord => ({
  name, code, capital: '', region: '', currency: { code: '', name: '', symbol: '' }, language: { code: '', name: '' }, flag: `/flags/${code.toLowerCase()}.svg`,
});

/** Answers the search with `items` and records every query string it was asked with. */
function searchReturns(items: PerformerCard[], total = items.length) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(api('/performers/user/search'), ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return HttpResponse.json({ data: { data: items, total } });
    }),
    http.get(api('/countries/list'), () => HttpResponse.json({ data: [country('US', 'United States'), country('FR', 'France')] })),
  );
  return queries;
}

describe('Explore page (/creator)', () => {
  it('searches with the list state and filters of the URL and renders the results', async () => {
    const queries = searchReturns([makeCard({ name: 'Aurora Sky', isFreeSubscription: true }), makeCard({ name: 'Blake Stone', monthlyPrice: 12.5 })], 30);
    mockRouter({ current: '2', gender: 'female', country: 'fr', q: 'sky', sortBy: 'newest', bogus: 'x', hairColor: 'plaid' }, '/creator');
    renderPage(<ExplorePage />);

    expect(await screen.findByText('Aurora Sky')).toBeInTheDocument();
    const cards = screen.getAllByTestId('performer-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByText('Free')).toBeInTheDocument();
    expect(within(cards[1]).getByText('12.50')).toBeInTheDocument();
    expect(screen.getByText('30 creators')).toBeInTheDocument();

    // Unknown keys and values never reach the API (they would be a 400).
    expect(Object.fromEntries(queries[0])).toEqual({
      offset: '12', limit: '12', sortBy: 'newest', q: 'sky', gender: 'female', country: 'FR',
    });
  });

  it('links each card to the profile by username', async () => {
    searchReturns([makeCard({ name: 'Cleo', username: 'cleo' }), makeCard({ name: 'No Name Yet', username: null, _id: 'b3c1e0a2-0000-4000-8000-000000000001' })]);
    mockRouter({}, '/creator');
    renderPage(<ExplorePage />);
    expect(await screen.findByRole('link', { name: 'Cleo' })).toHaveAttribute('href', '/cleo');
    expect(screen.getByRole('link', { name: 'No Name Yet' })).toHaveAttribute('href', '/b3c1e0a2-0000-4000-8000-000000000001');
  });

  it('a filter writes the query string and goes back to page 1', async () => {
    searchReturns([makeCard()]);
    const push = mockRouter({ current: '3', q: 'sky' }, '/creator');
    renderPage(<ExplorePage />);
    await screen.findAllByTestId('performer-card');

    fireEvent.click(screen.getByRole('checkbox', { name: 'Free subscription only' }));
    expect(lastPushedQuery(push)).toEqual({ q: 'sky', isFreeSubscription: 'true' });

    fireEvent.mouseDown(screen.getByLabelText('Gender'));
    fireEvent.click(await screen.findByTitle('Female'));
    expect(lastPushedQuery(push)).toEqual({ q: 'sky', gender: 'female' });
    expect(push).toHaveBeenLastCalledWith(expect.objectContaining({ pathname: '/creator' }), undefined, { shallow: true, scroll: false });
  });

  it('sorting and searching write the query string and go back to page 1', async () => {
    searchReturns([makeCard()]);
    const push = mockRouter({ current: '2', gender: 'male' }, '/creator');
    renderPage(<ExplorePage />);
    await screen.findAllByTestId('performer-card');

    fireEvent.mouseDown(screen.getByLabelText('Sort by'));
    fireEvent.click(await screen.findByTitle('Most subscribers'));
    expect(lastPushedQuery(push)).toEqual({ gender: 'male', sortBy: 'subscribers' });

    const search = screen.getByRole('searchbox', { name: 'Search creators' });
    fireEvent.change(search, { target: { value: '  aurora ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(lastPushedQuery(push)).toEqual({ gender: 'male', q: 'aurora' });
  });

  it('says when nothing matches and clears every filter', async () => {
    searchReturns([]);
    const push = mockRouter({ gender: 'male', isFreeSubscription: 'true', q: 'zzz', sortBy: 'newest', current: '1' }, '/creator');
    renderPage(<ExplorePage />);
    expect(await screen.findByText('No creators match these filters')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    // The sort is not a filter: it stays.
    expect(lastPushedQuery(push)).toEqual({ sortBy: 'newest' });
  });

  it('shows the error with a retry that asks again', async () => {
    const failure: ErrorBody = { statusCode: 500, error: 'Internal Server Error', message: 'Database is down' };
    let calls = 0;
    server.use(
      http.get(api('/performers/user/search'), () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json(failure, { status: 500 })
          : HttpResponse.json({ data: { data: [makeCard({ name: 'Back Again' })], total: 1 } });
      }),
      http.get(api('/countries/list'), () => HttpResponse.json({ data: [] })),
    );
    mockRouter({}, '/creator');
    renderPage(<ExplorePage />);
    expect(await screen.findByText('We could not load creators')).toBeInTheDocument();
    expect(screen.getByText('Database is down')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /try again/i }));
    expect(await screen.findByText('Back Again')).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('shows skeletons while loading', async () => {
    let answer: (() => void) | undefined;
    server.use(
      http.get(api('/performers/user/search'), async () => {
        await new Promise<void>((r) => (answer = r));
        return HttpResponse.json({ data: { data: [makeCard({ name: 'Late' })], total: 1 } });
      }),
      http.get(api('/countries/list'), () => HttpResponse.json({ data: [] })),
    );
    mockRouter({}, '/creator');
    renderPage(<ExplorePage />);
    expect(screen.getAllByTestId('performer-card-skeleton').length).toBeGreaterThan(0);
    await waitFor(() => expect(answer).toBeDefined());
    answer!();
    expect(await screen.findByText('Late')).toBeInTheDocument();
    expect(screen.queryByTestId('performer-card-skeleton')).not.toBeInTheDocument();
  });
});
