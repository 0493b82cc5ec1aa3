import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ErrorBody } from '@/common/contract/common';
import type { PerformerCard } from '@/common/contract/performers';
import { HomeDashboard } from '@/client/features/home/components/home-dashboard';
import { api, installMswServer, server } from '../../../support/msw';
import { makePerformer, makeUser } from '../../fixtures';
import { makeCard, mockRouter, renderPage } from '../discovery/render-page';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));

installMswServer();

beforeEach(() => mockRouter({}, '/home'));

function homeApi(random: PerformerCard[] | ErrorBody, top: PerformerCard[]) {
  const promoQueries: Record<string, string>[] = [];
  let randomCalls = 0;
  server.use(
    http.get(api('/site-promo/search'), ({ request }) => {
      promoQueries.push(Object.fromEntries(new URL(request.url).searchParams));
      return HttpResponse.json({ data: { data: [], total: 0 } });
    }),
    http.get(api('/performers/search/random'), () => {
      randomCalls += 1;
      return Array.isArray(random)
        ? HttpResponse.json({ data: { data: random, total: random.length } })
        : HttpResponse.json(random, { status: random.statusCode });
    }),
    http.get(api('/performers/top'), () => HttpResponse.json({ data: { data: top, total: top.length } })),
    http.get(api('/follows/following/ids'), () => HttpResponse.json({ data: [] })),
    http.get(api('/user/feeds'), () => HttpResponse.json({ data: { data: [], hasMore: false, nextCursor: null } })),
  );
  return { promoQueries, randomCalls: () => randomCalls };
}

describe('Home dashboard (/home)', () => {
  it('keeps the account cards and adds suggested and top creators, asking for home promos', async () => {
    const calls = homeApi([makeCard({ name: 'Suggested Sam' })], [makeCard({ name: 'Top Tia' })]);
    renderPage(<HomeDashboard />, makeUser({ name: 'Dana' }));
    expect(screen.getByText('Welcome back, Dana!')).toBeInTheDocument();
    expect(screen.getByText('Wallet balance')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Following' })).toHaveAttribute('href', '/user/following');

    const suggested = screen.getByRole('region', { name: 'Suggested for you' });
    expect(await within(suggested).findByText('Suggested Sam')).toBeInTheDocument();
    const top = screen.getByRole('region', { name: 'Top creators' });
    expect(await within(top).findByText('Top Tia')).toBeInTheDocument();
    expect(calls.promoQueries[0]).toEqual(expect.objectContaining({ position: 'home' }));
  });

  it('shows empty states, and an error with retry per section', async () => {
    const calls = homeApi({ statusCode: 500, error: 'Internal Server Error', message: 'Try later' }, []);
    renderPage(<HomeDashboard />, makeUser());
    const top = screen.getByRole('region', { name: 'Top creators' });
    expect(await within(top).findByText('No creators yet.')).toBeInTheDocument();
    const suggested = screen.getByRole('region', { name: 'Suggested for you' });
    expect(await within(suggested).findByText('Try later')).toBeInTheDocument();
    fireEvent.click(within(suggested).getByRole('button', { name: /try again/i }));
    await screen.findAllByText('Try later');
    expect(calls.randomCalls()).toBeGreaterThanOrEqual(2);
  });

  it('sends creators to their studio instead of showing a fan\'s wallet card', () => {
    homeApi([], []);
    renderPage(<HomeDashboard />, makePerformer({ username: 'aurora' }));
    expect(screen.getByRole('link', { name: /open the studio/i })).toHaveAttribute('href', '/creator/dashboard');
    expect(screen.getByRole('link', { name: /view my profile/i })).toHaveAttribute('href', '/aurora');
    expect(screen.queryByText('Wallet balance')).toBeNull();
    expect(screen.queryByTestId('verification-notice')).toBeNull();
  });

  it('tells a creator who cannot be paid yet that their documents wait for review', () => {
    homeApi([], []);
    renderPage(<HomeDashboard />, makePerformer({ verificationStatus: 'pending', verificationNote: null, payable: false }));
    expect(screen.getByTestId('verification-notice')).toHaveTextContent('Your documents are waiting for review');
  });
});
