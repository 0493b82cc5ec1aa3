import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import type { AdminStats, LedgerCheckRun, SalesDay } from '@/common/contract/admin-stats';
import { AdminDashboardPage } from '@/client/features/admin-dashboard/components/admin-dashboard-page';
import { toast } from '@/client/lib/toast';
import { api, installMswServer, server, serveSignedInBasics } from '../../../support/msw';
import { buttonWithText } from '../../../support/queries';
import { installMatchMedia } from '../../components/match-media';
import { makeUser } from '../../fixtures';
import { mockRouter, renderPage } from '../discovery/render-page';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));
// The chart library draws with measured sizes jsdom does not have: the chart is replaced by a
// stand-in that shows what it was given (the real one is loaded with next/dynamic, ssr: false).
jest.mock('@/client/features/admin-dashboard/components/sales-chart', () => ({
  SalesChart: ({ data }: { data: SalesDay[] }) => (
    <div data-testid="sales-chart">{`${data.length} days, first ${data[0]?.date}, gross ${data.reduce((s, d) => s + d.grossSales, 0)}`}</div>
  ),
}));
jest.setTimeout(120_000);
installMswServer();

const admin = makeUser({ _id: 'a1', role: 'admin', username: 'ops' });

const days = (): SalesDay[] =>
  Array.from({ length: 30 }, (_, i) => ({ date: `2026-06-${String(i + 1).padStart(2, '0')}`, grossSales: i === 29 ? 120.5 : 10, platformRevenue: i === 29 ? 24.1 : 2 }));

const failedRun: LedgerCheckRun = {
  ok: false,
  problems: ['account 5f0c (wallet): cached 900 but entries sum to 500 cents', 'all balances sum to 400 cents instead of 0'],
  durationMs: 42,
  checkedAt: '2026-06-30T09:00:00.000Z',
  checkedBy: 'ops',
};

const stats = (overrides: Partial<AdminStats> = {}): AdminStats => ({
  signups: { fans: { today: 3, week: 17, month: 64 }, creators: { today: 1, week: 4, month: 9 } },
  activeSubscriptions: 128,
  sales: days(),
  queues: { pendingVerifications: 2, openReports: 5, pendingPayouts: 1, newContactMessages: 0, failedMediaJobs: 3 },
  ledgerCheck: failedRun,
  ...overrides,
});

beforeEach(() => {
  installMatchMedia();
  mockRouter({}, '/admin');
  jest.spyOn(toast, 'success').mockImplementation(() => undefined);
  jest.spyOn(toast, 'error').mockImplementation(() => undefined);
  serveSignedInBasics();
});
afterEach(() => jest.restoreAllMocks());

describe('/admin dashboard', () => {
  it('shows placeholders while the figures load', async () => {
    server.use(http.get(api('/admin/stats'), async () => {
      await delay('infinite');
      return HttpResponse.json({});
    }));
    renderPage(<AdminDashboardPage />, admin);
    expect(await screen.findByRole('status', { name: 'Loading the dashboard' })).toBeInTheDocument();
    expect(screen.queryByText('Sign-ups')).not.toBeInTheDocument();
  });

  it('says when the figures could not be loaded and tries again', async () => {
    let calls = 0;
    server.use(http.get(api('/admin/stats'), () => {
      calls += 1;
      return calls === 1
        ? HttpResponse.json({ statusCode: 500, error: 'Internal Server Error', message: 'Something went wrong, please try again later' }, { status: 500 })
        : HttpResponse.json({ data: stats() });
    }));
    renderPage(<AdminDashboardPage />, admin);
    expect(await screen.findByText('We could not load the dashboard')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong, please try again later')).toBeInTheDocument();
    await act(async () => { fireEvent.click(buttonWithText('Try again')); });
    expect(await screen.findByText('Sign-ups')).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('shows the figures, the chart, the queues with their pages and the last ledger check', async () => {
    server.use(http.get(api('/admin/stats'), () => HttpResponse.json({ data: stats() })));
    renderPage(<AdminDashboardPage />, admin);

    expect(await screen.findByLabelText('Fans today: 3')).toBeInTheDocument();
    expect(screen.getByLabelText('Fans 7 days: 17')).toBeInTheDocument();
    expect(screen.getByLabelText('Fans 30 days: 64')).toBeInTheDocument();
    expect(screen.getByLabelText('Creators 30 days: 9')).toBeInTheDocument();
    expect(screen.getByText('128')).toBeInTheDocument();
    // 29 days of 10 plus 120.50; 29 days of 2 plus 24.10.
    expect(screen.getByText('410.50 tokens')).toBeInTheDocument();
    expect(screen.getByText('82.10 tokens')).toBeInTheDocument();

    expect(await screen.findByTestId('sales-chart')).toHaveTextContent('30 days, first 2026-06-01, gross 410.5');

    const links = {
      'Creators to verify: 2 waiting': '/admin/creator-verifications',
      'Open reports: 5 waiting': '/admin/reports',
      'Payout requests: 1 waiting': '/admin/payout-requests',
      'New contact messages: 0 waiting': '/admin/contact-messages',
    };
    for (const [label, href] of Object.entries(links)) {
      // The count is a screen-reader-only span after the title (jsdom puts a space at the boundary).
      const name = new RegExp(`^${label.replace(':', '\\s?:')}`);
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(screen.getByLabelText('Failed media: 3 waiting')).not.toHaveAttribute('href');

    expect(screen.getByText('Problems found')).toBeInTheDocument();
    const problems = screen.getByRole('list', { name: 'Ledger problems' });
    expect(within(problems).getAllByRole('listitem').map((li) => li.textContent)).toEqual(failedRun.problems);
    expect(screen.getByText(/by @ops in 42 ms/)).toBeInTheDocument();
  });

  it('runs the ledger check on demand with a spinner and shows the new result', async () => {
    let release: () => void = () => undefined;
    let posted = 0;
    server.use(
      http.get(api('/admin/stats'), () => HttpResponse.json({ data: stats({ ledgerCheck: null }) })),
      http.post(api('/admin/ledger-check'), async () => {
        posted += 1;
        await new Promise<void>((r) => { release = r; });
        return HttpResponse.json({ data: { ok: true, problems: [], durationMs: 7, checkedAt: new Date().toISOString(), checkedBy: 'ops' } });
      }),
    );
    renderPage(<AdminDashboardPage />, admin);
    expect(await screen.findByText(/No check has run yet/)).toBeInTheDocument();

    const run = buttonWithText('Run check now');
    await act(async () => { fireEvent.click(run); });
    await waitFor(() => expect(posted).toBe(1));
    expect(run.className).toMatch(/ant-btn-loading/);
    await act(async () => { release(); });

    expect(await screen.findByText('Sound')).toBeInTheDocument();
    expect(screen.getByText(/by @ops in 7 ms/)).toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith('The ledger is sound');
    await waitFor(() => expect(buttonWithText('Run check now').className).not.toMatch(/ant-btn-loading/));
  });

  it('says why a check could not run', async () => {
    server.use(
      http.get(api('/admin/stats'), () => HttpResponse.json({ data: stats() })),
      http.post(api('/admin/ledger-check'), () => HttpResponse.json({ statusCode: 403, error: 'Forbidden', message: 'Only admin accounts can do this' }, { status: 403 })),
    );
    renderPage(<AdminDashboardPage />, admin);
    await screen.findByText('Problems found');
    await act(async () => { fireEvent.click(buttonWithText('Run check now')); });
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Only admin accounts can do this'));
    expect(screen.getByText('Problems found')).toBeInTheDocument();
  });
});
