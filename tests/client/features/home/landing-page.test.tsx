import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { SitePromo } from '@/common/contract/site-promos';
import type { PerformerCard } from '@/common/contract/performers';
import { LandingPage } from '@/client/features/home/components/landing-page';
import { loadLandingPage } from '@/client/features/home/load-landing';
import { api, installMswServer, server } from '../../../support/msw';
import { makeCard, mockRouter, renderPage } from '../discovery/render-page';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));

installMswServer();

const promo = (overrides: Partial<SitePromo>): SitePromo => ({
  _id: overrides.title ?? 'p',
  title: 'Promo',
  description: '',
  imageUrl: 'http://api.test/uploads/promo.jpg',
  href: '',
  position: 'landing',
  ordering: 0,
  active: true,
  startsAt: null,
  endsAt: null,
  ...overrides,
});

function landingApi(promos: SitePromo[], top: PerformerCard[]) {
  const promoQueries: Record<string, string>[] = [];
  server.use(
    http.get(api('/site-promo/search'), ({ request }) => {
      promoQueries.push(Object.fromEntries(new URL(request.url).searchParams));
      return HttpResponse.json({ data: { data: promos, total: promos.length } });
    }),
    http.get(api('/performers/top'), () => HttpResponse.json({ data: { data: top, total: top.length } })),
  );
  return promoQueries;
}

beforeEach(() => mockRouter({}, '/'));

describe('Landing page', () => {
  it('shows the landing promo with its title, description and link, and the top creators', async () => {
    const queries = landingApi(
      [promo({ title: 'Summer of creators', description: 'Meet new faces', href: '/creator?sortBy=newest' })],
      [makeCard({ name: 'Top One', username: 'topone' }), makeCard({ name: 'Top Two' })],
    );
    renderPage(<LandingPage />);

    const banner = await screen.findByRole('group', { name: 'Summer of creators' });
    expect(within(banner).getByText('Meet new faces')).toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: /learn more/i })).toHaveAttribute('href', '/creator?sortBy=newest');
    expect(queries[0]).toEqual(expect.objectContaining({ position: 'landing' }));

    const shelf = screen.getByRole('region', { name: 'Top creators' });
    expect(await within(shelf).findByRole('link', { name: 'Top One' })).toHaveAttribute('href', '/topone');
    expect(within(shelf).getByRole('link', { name: /see all/i })).toHaveAttribute('href', '/creator');
    expect(screen.getAllByRole('link', { name: /explore creators/i })[0]).toHaveAttribute('href', '/creator');
  });

  it('rotates several promos in a carousel; external links open in a new tab', async () => {
    landingApi([promo({ title: 'First' }), promo({ title: 'Second', href: 'https://example.com/x' })], []);
    renderPage(<LandingPage />);
    expect((await screen.findAllByRole('group', { name: 'First' })).length).toBeGreaterThan(0);
    // Slides out of view are aria-hidden by the carousel.
    const link = screen.getAllByRole('link', { name: /learn more/i, hidden: true })[0];
    expect(link).toHaveAttribute('href', 'https://example.com/x');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('shows nothing for promos when there are none, and an empty state for creators', async () => {
    landingApi([], []);
    renderPage(<LandingPage />);
    expect(await screen.findByText('No creators yet. Be the first!')).toBeInTheDocument();
    expect(screen.queryByTestId('promos-landing')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Loading promotions')).not.toBeInTheDocument();
  });

  it('shows the banners the server fetched at once, on the first render, before any call of its own', () => {
    landingApi([], []);
    renderPage(<LandingPage promos={{ data: { data: [promo({ title: 'Rendered on the server' })], total: 1 } }} />);
    expect(screen.getByRole('group', { name: 'Rendered on the server' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading promotions')).not.toBeInTheDocument();
  });
});

describe('loadLandingPage', () => {
  const serverCtx = { req: { headers: { 'x-forwarded-for': '203.0.113.9' }, socket: {} }, query: {}, pathname: '/', AppTree: () => null } as never;

  it('fetches the landing banners while the server renders, with the visitor\'s address', async () => {
    const forwarded: (string | null)[] = [];
    const queries = landingApi([promo({ title: 'Fetched' })], []);
    server.events.on('request:start', ({ request }) => forwarded.push(request.headers.get('x-forwarded-for')));
    const props = await loadLandingPage(serverCtx);
    server.events.removeAllListeners();
    expect(props.promos?.data.data.map((p) => p.title)).toEqual(['Fetched']);
    expect(queries).toEqual([expect.objectContaining({ position: 'landing' })]);
    expect(forwarded).toEqual(['203.0.113.9']);
  });

  it('leaves a call that failed to the browser, and fetches nothing on navigation inside the app', async () => {
    server.use(http.get(api('/site-promo/search'), () => HttpResponse.json({ message: 'down' }, { status: 500 })));
    expect(await loadLandingPage(serverCtx)).toEqual({});
    expect(await loadLandingPage({ query: {}, pathname: '/', AppTree: () => null } as never)).toEqual({});
  });
});
