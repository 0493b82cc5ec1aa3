import { fireEvent, screen, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import type { CreatorDashboardStats } from '@/common/contract/creator-dashboard';
import { CreatorDashboardPage } from '@/client/features/creator-dashboard/components/creator-dashboard-page';
import { api, installMswServer, server, serveSignedInBasics } from '../../../support/msw';
import { installMatchMedia } from '../../components/match-media';
import { makePerformer } from '../../fixtures';
import { mockRouter, renderPage } from '../discovery/render-page';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));
// recharts draws with measured sizes jsdom does not have: a stand-in shows what the chart was given.
jest.mock('@/client/features/creator-dashboard/components/earnings-day-chart', () => ({
  EarningsDayChart: ({ data }: { data: CreatorDashboardStats['series'] }) => (
    <div data-testid="earnings-chart">{`${data.length} days, net ${data.reduce((s, d) => s + d.net, 0)}`}</div>
  ),
}));
jest.setTimeout(60_000);
installMswServer();

const days = (net: (i: number) => number) =>
  Array.from({ length: 30 }, (_, i) => ({ date: `2026-06-${String(i + 1).padStart(2, '0')}`, net: net(i), count: net(i) ? 1 : 0 }));

const stats = (overrides: Partial<CreatorDashboardStats> = {}): CreatorDashboardStats => ({
  timeZone: 'UTC',
  earnings: { today: { net: 1234.5, count: 2 }, week: { net: 1500, count: 5 }, month: { net: 2000.25, count: 9 } },
  series: days((i) => (i === 29 ? 1234.5 : 0)),
  subscribers: { active: 12, new: 3, lapsed: 1 },
  followers: { total: 40, new: 6 },
  profileViews: 4310,
  contentViews: 1520,
  topByEarnings: [{ type: 'video', _id: 'v1', title: 'Beach day', value: 80 }],
  topByLikes: [{ type: 'feed', _id: 'f1', title: 'Hello fans', value: 7 }],
  pendingOrders: 2,
  balance: { available: 310.4, reserved: 50 },
  verification: { status: 'approved', note: null },
  ...overrides,
});

/** A figure of an antd Statistic, whose integer and decimals sit in separate elements. */
const figure = (text: string) =>
  screen.getByText((_, el) => Boolean(el?.classList.contains('ant-statistic-content-value') && el.textContent === text));

const serve = (body: CreatorDashboardStats) => {
  let calls = 0;
  server.use(http.get(api('/performer/dashboard/stats'), () => {
    calls += 1;
    return HttpResponse.json({ data: body });
  }));
  return () => calls;
};

beforeEach(() => {
  installMatchMedia();
  mockRouter({}, '/creator/dashboard');
  serveSignedInBasics();
});

describe('/creator/dashboard', () => {
  it('shows placeholders while the figures load', async () => {
    server.use(http.get(api('/performer/dashboard/stats'), async () => {
      await delay('infinite');
      return HttpResponse.json({});
    }));
    renderPage(<CreatorDashboardPage />, makePerformer());
    expect(await screen.findByRole('status', { name: 'Loading the dashboard' })).toBeInTheDocument();
  });

  it('shows earnings today / 7 / 30 days, balance, subscribers, followers, views, orders, the chart and the top content', async () => {
    serve(stats());
    renderPage(<CreatorDashboardPage />, makePerformer({ name: 'Aurora' }));
    expect(await screen.findByTestId('earned-today')).toHaveTextContent('1,234.50');
    expect(screen.getByText('2 sales')).toBeInTheDocument();
    expect(figure('2,000.25')).toBeInTheDocument();
    expect(figure('310.40')).toBeInTheDocument();
    expect(screen.getByText(/50.00 tokens in a pending request/)).toBeInTheDocument();
    expect(screen.getByText('+3 new · 1 lapsed (30 d)')).toBeInTheDocument();
    expect(screen.getByText('+6 in 30 days')).toBeInTheDocument();
    expect(figure('4,310')).toBeInTheDocument();
    expect(screen.getByText('1,520 on videos and galleries (all time)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ship them' })).toHaveAttribute('href', '/creator/my-order');
    expect(await screen.findByTestId('earnings-chart')).toHaveTextContent('30 days, net 1234.5');
    expect(screen.getByRole('link', { name: 'Beach day' })).toHaveAttribute('href', '/video/v1');
    expect(screen.getByText('80.00 tokens')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Hello fans' })).toHaveAttribute('href', '/post/f1');
    expect(screen.getByText('7 likes')).toBeInTheDocument();
    expect(screen.queryByText(/identity documents/i)).not.toBeInTheDocument();
  });

  it('says what to do when there is nothing yet, and why fans cannot pay while documents are missing', async () => {
    const zero = { net: 0, count: 0 };
    serve(stats({
      earnings: { today: zero, week: zero, month: zero },
      series: days(() => 0),
      topByEarnings: [],
      topByLikes: [],
      pendingOrders: 0,
      verification: { status: 'rejected', note: 'Blurry selfie' },
    }));
    renderPage(<CreatorDashboardPage />, makePerformer());
    expect(await screen.findByText(/No earnings in the last 30 days yet/)).toBeInTheDocument();
    expect(screen.queryByTestId('earnings-chart')).not.toBeInTheDocument();
    expect(screen.getByText(/Nothing sold in the last 30 days/)).toBeInTheDocument();
    expect(screen.getByText('No likes yet.')).toBeInTheDocument();
    expect(screen.getByText('Your identity documents were not approved')).toBeInTheDocument();
    expect(screen.getByText('Reason: Blurry selfie')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See orders' })).toBeInTheDocument();
  });

  it('shows the error with a retry that loads the figures', async () => {
    let fail = true;
    server.use(http.get(api('/performer/dashboard/stats'), () => (fail
      ? HttpResponse.json({ statusCode: 500, error: 'Internal Server Error', message: 'The ledger is busy' }, { status: 500 })
      : HttpResponse.json({ data: stats() }))));
    renderPage(<CreatorDashboardPage />, makePerformer());
    const error = await screen.findByText('We could not load your dashboard');
    expect(within(error.closest('.ant-result') as HTMLElement).getByText('The ledger is busy')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /try again/i }));
    expect(await screen.findByTestId('earned-today')).toHaveTextContent('1,234.50');
  });
});
