import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { SearchResults } from '@/common/contract/search';
import type { ErrorBody } from '@/common/contract/common';
import { SearchPage } from '@/client/features/search/components/search-page';
import { api, installMswServer, server } from '../../../support/msw';
import { lastPushedQuery, makeCard, mockRouter, renderPage } from '../discovery/render-page';
import { makeFeed } from '../feeds/feed-fixtures';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));

installMswServer();
// The pager is antd's Pagination loaded on demand (components/list-pager.tsx): loaded here first, so the
// test waits for the page's behaviour rather than for antd's first import of it.
beforeAll(() => import('@/client/components/list-pager-pagination'));
beforeEach(() => server.use(http.get(api('/follows/following/ids'), () => HttpResponse.json({ data: [] }))));

/** Answers GET /search with `answer(query)` and records every query string. */
function searchAnswers(answer: (params: URLSearchParams) => SearchResults | [number, ErrorBody]) {
  const queries: Record<string, string>[] = [];
  server.use(
    http.get(api('/search'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.push(Object.fromEntries(params));
      const result = answer(params);
      if (Array.isArray(result)) return HttpResponse.json(result[1], { status: result[0] });
      return HttpResponse.json({ data: result });
    }),
  );
  return queries;
}

const empty = { data: [], total: 0 };
const resultsOf = (params: URLSearchParams, parts: Partial<SearchResults>): SearchResults => {
  const type = (params.get('type') ?? 'all') as SearchResults['type'];
  const all = type === 'all';
  return {
    q: params.get('q')!, type,
    creators: all || type === 'creators' ? empty : null,
    posts: all || type === 'posts' ? empty : null,
    hashtags: all || type === 'hashtags' ? empty : null,
    ...parts,
  };
};

describe('Search page (/search)', () => {
  it('searches with q, tab and page of the query string and shows the posts with a pager', async () => {
    const posts = [makeFeed({ text: '<p>Golden #sunset</p>' }), makeFeed({ text: '<p>Another one</p>' })];
    const queries = searchAnswers((p) => resultsOf(p, { posts: { data: posts, total: 12 } }));
    mockRouter({ q: 'sun', type: 'posts', current: '2' }, '/search');
    renderPage(<SearchPage />);

    expect(await screen.findAllByRole('article')).toHaveLength(2);
    expect(queries[0]).toEqual({ q: 'sun', type: 'posts', offset: '10', limit: '10' });
    // The post text's hashtag is a link to its own search.
    expect(screen.getByRole('link', { name: '#sunset' })).toHaveAttribute('href', '/search?q=%23sunset');
    expect(screen.getByRole('tab', { name: 'Posts', selected: true })).toBeInTheDocument();
    // The pager's code loads when a list needs more than one page (components/list-pager.tsx).
    expect(await screen.findByRole('listitem', { name: '2' })).toHaveClass('ant-pagination-item-active');
  });

  it('"All" shows a few of each kind with their totals; "See all" opens that tab', async () => {
    const queries = searchAnswers((p) => resultsOf(p, {
      creators: { data: [makeCard({ name: 'Aurora Lane', username: 'aurora' })], total: 1 },
      posts: { data: [makeFeed({ text: '<p>Sunset walk</p>' })], total: 9 },
      hashtags: { data: [{ tag: 'sunset', posts: 4 }, { tag: 'sunsetlover', posts: 1 }], total: 2 },
    }));
    const push = mockRouter({ q: 'sunset' }, '/search');
    renderPage(<SearchPage />);

    expect(await screen.findByText('Aurora Lane')).toBeInTheDocument();
    expect(queries[0]).toEqual({ q: 'sunset', type: 'all', offset: '0', limit: '4' });
    const hashtags = screen.getByRole('region', { name: 'Hashtags' });
    expect(within(hashtags).getByRole('link', { name: /sunsetlover/ })).toHaveAttribute('href', '/search?q=%23sunsetlover&type=posts');
    expect(within(hashtags).getByText('4 posts')).toBeInTheDocument();
    // Everything of the creators and hashtags fits: only posts offer "See all".
    expect(screen.queryByRole('button', { name: 'See all creators' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'See all posts' }));
    expect(lastPushedQuery(push)).toEqual({ q: 'sunset', type: 'posts' });
  });

  it('a tab writes the query string and goes back to page 1', async () => {
    searchAnswers((p) => resultsOf(p, {}));
    const push = mockRouter({ q: 'sunset', type: 'posts', current: '3' }, '/search');
    renderPage(<SearchPage />);
    await screen.findByText('No results for “sunset”');
    fireEvent.click(screen.getByRole('tab', { name: 'Hashtags' }));
    expect(lastPushedQuery(push)).toEqual({ q: 'sunset', type: 'hashtags' });
    fireEvent.click(screen.getByRole('tab', { name: 'All' }));
    expect(lastPushedQuery(push)).toEqual({ q: 'sunset' });
  });

  it('says so when nothing matches', async () => {
    searchAnswers((p) => resultsOf(p, {}));
    mockRouter({ q: 'zzzz' }, '/search');
    renderPage(<SearchPage />);
    expect(await screen.findByText('No results for “zzzz”')).toBeInTheDocument();
  });

  it('shows the error with a retry that searches again', async () => {
    let fail = true;
    const queries = searchAnswers((p) => (fail
      ? [500, { statusCode: 500, error: 'Internal Server Error', message: 'Database unavailable' }]
      : resultsOf(p, { creators: { data: [makeCard({ name: 'Back Again' })], total: 1 } })));
    mockRouter({ q: 'back' }, '/search');
    renderPage(<SearchPage />);
    expect(await screen.findByText('We could not search right now')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /Try again/ }));
    expect(await screen.findByText('Back Again')).toBeInTheDocument();
    expect(queries.length).toBe(2);
  });

  it('shows skeletons while the answer loads', async () => {
    searchAnswers((p) => resultsOf(p, {}));
    mockRouter({ q: 'slow' }, '/search');
    renderPage(<SearchPage />);
    expect(screen.getByLabelText('Loading results')).toBeInTheDocument();
    await screen.findByText('No results for “slow”');
  });

  it('does not search a text that is too short or empty, and says what to do', async () => {
    const queries = searchAnswers((p) => resultsOf(p, {}));
    mockRouter({ q: 'a' }, '/search');
    renderPage(<SearchPage />);
    expect(screen.getByText('Type at least 2 letters or digits to search.')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(queries).toEqual([]);
  });

  it('searching from the page box writes q and keeps the tab', async () => {
    searchAnswers((p) => resultsOf(p, {}));
    const push = mockRouter({ q: 'sun', type: 'creators', current: '2' }, '/search');
    renderPage(<SearchPage />);
    const box = screen.getByRole('searchbox', { name: 'Search text' });
    fireEvent.change(box, { target: { value: 'moon' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(lastPushedQuery(push)).toEqual({ q: 'moon', type: 'creators' }));
  });
});
