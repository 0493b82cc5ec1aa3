import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { SitePromo } from '@/common/contract/site-promos';
import type { PerformerCard } from '@/common/contract/performers';
import { LandingPage } from '@/client/features/home/components/landing-page';
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
});
