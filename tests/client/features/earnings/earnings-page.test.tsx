import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Earning, EarningStats } from '@/common/contract/earnings';
import { EarningsPage } from '@/client/features/earnings/components/earnings-page';
import { api, installMswServer, server } from '../../../support/msw';
import { desktopWindow, installMatchMedia } from '../../components/match-media';
import { makePerformer } from '../../fixtures';
import { lastPushedQuery, mockRouter, renderPage } from '../discovery/render-page';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));
jest.setTimeout(180_000);
installMswServer();

beforeEach(() => {
  installMatchMedia();
  server.use(http.get(api('/follows/following/ids'), () => HttpResponse.json({ data: [] })));
});

const totals = (gross: number, commission: number, count: number) => ({ gross, commission, net: Math.round((gross - commission) * 100) / 100, count });
const stats: EarningStats = {
  totals: totals(129.99, 13, 3),
  byType: [{ type: 'tip', ...totals(20, 2, 1) }],
  period: 'day',
  series: [{ start: '2026-11-22', ...totals(0, 0, 0) }, { start: '2026-11-23', ...totals(129.99, 13, 3) }],
  balances: { available: 66.99, reserved: 50, paidOut: 250 },
};
const sale = (overrides: Partial<Earning>): Earning => ({
  _id: `00000000-0000-4000-8000-${String(Math.random()).slice(2, 14).padEnd(12, '0')}`, type: 'tip', gross: 20, commission: 2, net: 18, description: '',
  createdAt: '2026-11-23T10:00:00.000Z', user: { _id: 'f1', name: 'Paying Fan', username: 'payer', avatar: '', isPerformer: false, createdAt: '2026-01-01T00:00:00.000Z' },
  objectType: null, objectId: null, refunded: false, ...overrides,
});

function serve(rows: Earning[] | 'error') {
  const queries: { stats: Record<string, string>[]; search: Record<string, string>[] } = { stats: [], search: [] };
  server.use(
    http.get(api('/performer/earning/stats'), ({ request }) => {
      queries.stats.push(Object.fromEntries(new URL(request.url).searchParams));
      return HttpResponse.json({ data: stats });
    }),
    http.get(api('/performer/earning/search'), ({ request }) => {
      queries.search.push(Object.fromEntries(new URL(request.url).searchParams));
      if (rows === 'error') return HttpResponse.json({ statusCode: 500, error: 'Internal Server Error', message: 'Something went wrong, please try again later' }, { status: 500 });
      return HttpResponse.json({ data: { data: rows, total: 25 } });
    }),
  );
  return queries;
}

describe('/creator/earning', () => {
  it('shows the totals, balances, chart and sales, and keeps filters in the query string', async () => {
    desktopWindow();
    const push = mockRouter({ type: 'tip', current: '2' }, '/creator/earning');
    const queries = serve([sale({}), sale({ type: 'product', gross: 15, commission: 3, net: 12, refunded: true, user: null })]);
    renderPage(<EarningsPage />, makePerformer());
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getByText('Paying Fan')).toBeInTheDocument());
    expect(within(table).getByText('Refunded')).toBeInTheDocument();
    expect(within(table).getByText('Deleted account')).toBeInTheDocument();
    expect(within(table).getByText('18.00 tokens')).toBeInTheDocument();
    // The figures are bare and on one line; their cards' titles say tokens.
    expect(screen.getByText('Paid out (tokens)')).toBeInTheDocument();
    expect(screen.getByText('Reserved (tokens)')).toBeInTheDocument();
    expect(screen.getByTitle('250.00')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Net earnings per day: 116.99 tokens in total/ })).toBeInTheDocument();
    expect(queries.search[0]).toEqual({ offset: '10', limit: '10', sort: 'desc', sortBy: 'createdAt', type: 'tip' });
    expect(queries.stats[0]).toEqual({ period: 'day' });

    await act(async () => { fireEvent.click(screen.getByText('Monthly')); });
    expect(lastPushedQuery(push)).toEqual({ type: 'tip', period: 'month' });
  });

  it('is a card per sale on phones: what, the net amount, the fan', async () => {
    installMatchMedia(false, 390);
    mockRouter({}, '/creator/earning');
    serve([sale({}), sale({ type: 'product', gross: 15, commission: 3, net: 12, refunded: true, user: null })]);
    renderPage(<EarningsPage />, makePerformer());
    const list = await screen.findByRole('list', { name: 'Sales' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByText('18.00 tokens')).toBeInTheDocument();
    expect(within(cards[0]).getByText('Paying Fan')).toBeInTheDocument();
    expect(within(cards[1]).getByText('Refunded')).toBeInTheDocument();
    expect(within(cards[1]).getByText('Deleted account')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a failure of the sales list with a way to try again', async () => {
    mockRouter({}, '/creator/earning');
    serve('error');
    renderPage(<EarningsPage />, makePerformer());
    expect(await screen.findByText('Something went wrong, please try again later')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /try again/i })).toBeInTheDocument();
  });
});
