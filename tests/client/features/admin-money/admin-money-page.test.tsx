import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { AdminMoneyPage } from '@/client/features/admin-money/components/admin-money-page';
import { saleRefundConsequence } from '@/client/features/admin-money/refund-text';
import { toast } from '@/client/lib/toast';
import { api, installMswServer, server, serveSignedInBasics } from '../../../support/msw';
import { buttonWithText } from '../../../support/queries';
import { desktopWindow, installMatchMedia } from '../../components/match-media';
import { makeUser } from '../../fixtures';
import { lastPushedQuery, mockRouter, renderPage } from '../discovery/render-page';
import { aurora, dana, makePayment, makeTransaction } from './money-fixtures';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));
jest.setTimeout(180_000);
installMswServer();

const operator = makeUser({ _id: 'op-1', role: 'admin', name: 'Operator' });
const modal = () => document.querySelector('.ant-modal') as HTMLElement;
const query = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);

beforeEach(() => {
  desktopWindow();
  serveSignedInBasics();
  jest.spyOn(toast, 'success').mockImplementation(() => undefined);
  jest.spyOn(toast, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('refund wording', () => {
  it('says who loses what, who gets what and what access ends', () => {
    expect(saleRefundConsequence(makeTransaction())).toBe(
      "Aurora Lane's earnings go down by 8.00 tokens, Dana's wallet goes up by 10.00 tokens, their access to the video ends. The platform gives back its 2.00 tokens commission.",
    );
    expect(saleRefundConsequence(makeTransaction({ kind: 'product', gross: 25, commission: 0, net: 25 }))).toBe(
      "Aurora Lane's earnings go down by 25.00 tokens, Dana's wallet goes up by 25.00 tokens, the order is marked refunded, physical stock goes back on sale and a digital download is removed.",
    );
  });
});

describe('/admin/money: transactions', () => {
  it('sends the URL\'s filters, lists the transactions and refunds one after the dialog says what happens', async () => {
    mockRouter({ kind: 'video', userId: 'dana', junk: 'x' }, '/admin/money');
    const sale = makeTransaction();
    const paid = makeTransaction({ kind: 'tip', refundable: false, refunded: true, description: 'Tip' });
    const lists: Record<string, string>[] = [];
    const refunds: { id: string; body: unknown; key: string | null }[] = [];
    server.use(
      http.get(api('/admin/transactions'), ({ request }) => {
        lists.push(query(request));
        return HttpResponse.json({ data: { data: [sale, paid], total: 2 } });
      }),
      http.post(api('/admin/transactions/:id/refund'), async ({ request, params }) => {
        refunds.push({ id: String(params.id), body: await request.json(), key: request.headers.get('idempotency-key') });
        return HttpResponse.json({ data: { sale: { ...sale, refunded: true, refundable: false }, refund: makeTransaction({ kind: 'refund', reversesId: sale._id }) } });
      }),
    );
    renderPage(<AdminMoneyPage />, operator);
    const table = await screen.findByRole('table', { name: 'Transactions' });
    await waitFor(() => expect(within(table).getAllByText('Aurora Lane').length).toBe(2));
    expect(lists[0]).toEqual({ offset: '0', limit: '20', kind: 'video', userId: 'dana' });
    expect(within(table).getByText('Refunded')).toBeInTheDocument();

    await act(async () => { fireEvent.click(screen.getByLabelText(`Refund ${sale._id}`)); });
    expect(within(modal()).getByText('Refund this video of 10.00 tokens?')).toBeInTheDocument();
    expect(within(modal()).getByText(saleRefundConsequence(sale))).toBeInTheDocument();
    // No reason, no call.
    await act(async () => { fireEvent.click(buttonWithText('Refund', modal())); });
    expect(await within(modal()).findByText('Give a reason for the refund')).toBeInTheDocument();
    expect(refunds).toEqual([]);

    fireEvent.change(within(modal()).getByLabelText(/Reason/), { target: { value: '  Video never played  ' } });
    await act(async () => { fireEvent.click(buttonWithText('Refund', modal())); });
    await waitFor(() => expect(refunds).toHaveLength(1));
    expect(refunds[0]).toEqual({ id: sale._id, body: { reason: 'Video never played' }, key: expect.any(String) });
    expect(toast.success).toHaveBeenCalledWith('Refunded');
    await waitFor(() => expect(lists.length).toBeGreaterThan(1));
  });

  it('keeps the dialog open with the server\'s reason when the refund is refused', async () => {
    mockRouter({}, '/admin/money');
    const sale = makeTransaction();
    const message = "Aurora Lane's earnings no longer cover this refund: they hold 3.00 of the 8.00 tokens it takes back (the rest was paid out or is reserved for a payout)";
    server.use(
      http.get(api('/admin/transactions'), () => HttpResponse.json({ data: { data: [sale], total: 1 } })),
      http.post(api('/admin/transactions/:id/refund'), () => HttpResponse.json({ statusCode: 422, error: 'Unprocessable Entity', message }, { status: 422 })),
    );
    renderPage(<AdminMoneyPage />, operator);
    await act(async () => { fireEvent.click(await screen.findByLabelText(`Refund ${sale._id}`)); });
    fireEvent.change(within(modal()).getByLabelText(/Reason/), { target: { value: 'asked' } });
    await act(async () => { fireEvent.click(buttonWithText('Refund', modal())); });
    expect(await within(modal()).findByText(message)).toBeInTheDocument();
  });

  it('downloads the current selection as CSV', async () => {
    mockRouter({ performerId: 'aurora', status: 'refunded', fromDate: '2026-03-01' }, '/admin/money');
    const exports: Record<string, string>[] = [];
    server.use(
      http.get(api('/admin/transactions'), () => HttpResponse.json({ data: { data: [], total: 0 } })),
      http.get(api('/admin/transactions/export'), ({ request }) => {
        exports.push(query(request));
        return new HttpResponse('id,kind\r\nabc,tip\r\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } });
      }),
    );
    const blobs: Blob[] = [];
    URL.createObjectURL = jest.fn((b: Blob) => { blobs.push(b); return 'blob:csv-1'; });
    URL.revokeObjectURL = jest.fn();
    const clicked: HTMLAnchorElement[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) { clicked.push(this); });

    renderPage(<AdminMoneyPage />, operator);
    expect(await screen.findByText('No transaction matches these filters.')).toBeInTheDocument();
    await act(async () => { fireEvent.click(buttonWithText('Export CSV')); });
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(exports).toEqual([{ performerId: 'aurora', status: 'refunded', fromDate: '2026-03-01' }]);
    expect(clicked[0]!.href).toBe('blob:csv-1');
    expect(clicked[0]!.download).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(await blobs[0]!.text()).toBe('id,kind\r\nabc,tip\r\n');
  });

  it('is a card per transaction on a phone, with the same refund', async () => {
    installMatchMedia();
    mockRouter({}, '/admin/money');
    const sale = makeTransaction();
    server.use(http.get(api('/admin/transactions'), () => HttpResponse.json({ data: { data: [sale], total: 1 } })));
    renderPage(<AdminMoneyPage />, operator);
    const card = within(await screen.findByRole('listitem', { name: `Video ${sale._id}` }));
    expect(card.getByText('Video · 10.00 tokens')).toBeInTheDocument();
    expect(card.getByText('Commission 2.00 · net to creator 8.00')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    await act(async () => { fireEvent.click(card.getByLabelText(`Refund ${sale._id}`)); });
    expect(within(modal()).getByText('Refund this video of 10.00 tokens?')).toBeInTheDocument();
  });

  it('writes its filters into the query string and clears them all at once', async () => {
    const push = mockRouter({ kind: 'tip', userId: 'dana', toDate: '2026-03-31' }, '/admin/money');
    server.use(http.get(api('/admin/transactions'), () => HttpResponse.json({ data: { data: [], total: 0 } })));
    renderPage(<AdminMoneyPage />, operator);
    expect(await screen.findByText('No transaction matches these filters.')).toBeInTheDocument();
    expect(screen.getByLabelText('Payer')).toHaveValue('dana');
    const creator = screen.getByLabelText('Creator');
    fireEvent.change(creator, { target: { value: ' aurora ' } });
    fireEvent.keyDown(creator, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(lastPushedQuery(push)).toEqual({ kind: 'tip', userId: 'dana', toDate: '2026-03-31', performerId: 'aurora' });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    expect(lastPushedQuery(push)).toEqual({ kind: 'tip', userId: 'dana', toDate: '2026-03-31', fromDate: '2026-03-01' });
    fireEvent.click(buttonWithText('Clear filters'));
    expect(lastPushedQuery(push)).toEqual({});
  });

  it('shows the export\'s refusal (too many rows) as the server says it', async () => {
    mockRouter({}, '/admin/money');
    const message = '60,000 transactions match: an export holds at most 50,000. Narrow the dates or other filters.';
    server.use(
      http.get(api('/admin/transactions'), () => HttpResponse.json({ data: { data: [], total: 0 } })),
      http.get(api('/admin/transactions/export'), () => HttpResponse.json({ statusCode: 422, error: 'Unprocessable Entity', message }, { status: 422 })),
    );
    renderPage(<AdminMoneyPage />, operator);
    await screen.findByText('No transactions yet.');
    await act(async () => { fireEvent.click(buttonWithText('Export CSV')); });
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(message));
  });

  it('shows the error state with a retry', async () => {
    mockRouter({}, '/admin/money');
    let calls = 0;
    server.use(http.get(api('/admin/transactions'), () => {
      calls += 1;
      return calls === 1 ? HttpResponse.json({ statusCode: 500, error: 'x', message: 'Database is down' }, { status: 500 }) : HttpResponse.json({ data: { data: [makeTransaction()], total: 1 } });
    }));
    renderPage(<AdminMoneyPage />, operator);
    expect(await screen.findByText('Database is down')).toBeInTheDocument();
    await act(async () => { fireEvent.click(buttonWithText('Try again')); });
    expect(await screen.findByRole('table', { name: 'Transactions' })).toBeInTheDocument();
  });
});

describe('/admin/money?tab=payments', () => {
  it('offers "Refund to card" for succeeded top-ups only, says what happens and sends the refund', async () => {
    mockRouter({ tab: 'payments', status: 'succeeded' }, '/admin/money');
    const topUp = makePayment();
    const subscription = makePayment({ kind: 'subscription', refundable: false, tokens: 0, totalPrice: 9.95 });
    const lists: Record<string, string>[] = [];
    const sent: { id: string; body: unknown }[] = [];
    server.use(
      http.get(api('/admin/payments'), ({ request }) => {
        lists.push(query(request));
        return HttpResponse.json({ data: { data: [topUp, subscription], total: 2 } });
      }),
      http.post(api('/admin/payments/:id/refund'), async ({ request, params }) => {
        sent.push({ id: String(params.id), body: await request.json() });
        return HttpResponse.json({ data: { ...topUp, status: 'refunded', refundable: false } });
      }),
    );
    renderPage(<AdminMoneyPage />, operator);
    const table = await screen.findByRole('table', { name: 'Card payments' });
    expect(lists[0]).toEqual({ offset: '0', limit: '20', status: 'succeeded' });
    expect(within(table).getByText(/cancel the subscription instead/)).toBeInTheDocument();
    expect(screen.queryByLabelText(`Refund to card ${subscription._id}`)).toBeNull();

    await act(async () => { fireEvent.click(screen.getByLabelText(`Refund to card ${topUp._id}`)); });
    expect(within(modal()).getByText('Refund $20.00 to the card?')).toBeInTheDocument();
    expect(within(modal()).getByText("Dana's wallet goes down by 20.00 tokens and Visa •••• 4242 gets $20.00 back through the card gateway. If the wallet no longer holds those tokens, nothing happens.")).toBeInTheDocument();
    fireEvent.change(within(modal()).getByLabelText(/Reason/), { target: { value: 'Charged twice' } });
    await act(async () => { fireEvent.click(buttonWithText('Refund to card', modal())); });
    await waitFor(() => expect(sent).toEqual([{ id: topUp._id, body: { reason: 'Charged twice' } }]));
    expect(toast.success).toHaveBeenCalledWith('Refunded to the card');
  });

  it('shows "tokens already spent" in the dialog', async () => {
    mockRouter({ tab: 'payments' }, '/admin/money');
    const topUp = makePayment();
    const message = 'These tokens are already spent: the wallet holds 12.50 of the 20.00 tokens this payment bought';
    server.use(
      http.get(api('/admin/payments'), () => HttpResponse.json({ data: { data: [topUp], total: 1 } })),
      http.post(api('/admin/payments/:id/refund'), () => HttpResponse.json({ statusCode: 422, error: 'Unprocessable Entity', message }, { status: 422 })),
    );
    renderPage(<AdminMoneyPage />, operator);
    await act(async () => { fireEvent.click(await screen.findByLabelText(`Refund to card ${topUp._id}`)); });
    fireEvent.change(within(modal()).getByLabelText(/Reason/), { target: { value: 'fraud' } });
    await act(async () => { fireEvent.click(buttonWithText('Refund to card', modal())); });
    expect(await within(modal()).findByText(message)).toBeInTheDocument();
  });
});

describe('/admin/money?tab=statement', () => {
  it('shows the accounts of the user asked for and the chosen account\'s entries with their running balance', async () => {
    mockRouter({ tab: 'statement', user: 'dana' }, '/admin/money');
    const wallet = { _id: 'a-wallet', kind: 'wallet' as const, owner: dana, balance: 54.15, createdAt: '2026-01-01T00:00:00.000Z' };
    const revenue = { _id: 'a-rev', kind: 'platform_revenue' as const, owner: null, balance: 4.27, createdAt: '2026-01-01T00:00:00.000Z' };
    const asked: Record<string, string>[] = [];
    const pages: string[] = [];
    server.use(
      http.get(api('/admin/ledger/accounts'), ({ request }) => {
        asked.push(query(request));
        return HttpResponse.json({ data: { user: dana, accounts: [wallet, revenue] } });
      }),
      http.get(api('/admin/ledger/accounts/:id/entries'), ({ request, params }) => {
        pages.push(`${String(params.id)}?${new URL(request.url).searchParams.toString()}`);
        return HttpResponse.json({
          data: {
            account: wallet, total: 2,
            data: [
              { _id: 'e2', transactionId: 't2', kind: 'refund', description: 'Refund of a post purchase', objectType: 'feed', objectId: null, reversesId: 't1', amount: 9.99, balanceAfter: 54.15, createdAt: '2026-03-02T10:00:00.000Z' },
              { _id: 'e1', transactionId: 't1', kind: 'feed', description: 'Purchase of a post', objectType: 'feed', objectId: null, reversesId: null, amount: -9.99, balanceAfter: 44.16, createdAt: '2026-03-01T10:00:00.000Z' },
            ],
          },
        });
      }),
    );
    renderPage(<AdminMoneyPage />, operator);
    const table = await screen.findByRole('table', { name: 'Entries' });
    expect(asked[0]).toEqual({ user: 'dana' });
    expect(pages[0]).toBe('a-wallet?offset=0&limit=20');
    expect(within(table).getByText('+9.99')).toBeInTheDocument();
    expect(within(table).getByText('-9.99')).toBeInTheDocument();
    expect(within(table).getByText('44.16')).toBeInTheDocument();
    expect(screen.getByText('Showing Dana')).toBeInTheDocument();
  });

  it('says when the user has no account yet, and switches tabs through the URL', async () => {
    const push = mockRouter({ tab: 'statement', user: 'newbie' }, '/admin/money');
    server.use(http.get(api('/admin/ledger/accounts'), () => HttpResponse.json({ data: { user: { ...aurora, name: 'Newbie' }, accounts: [] } })));
    renderPage(<AdminMoneyPage />, operator);
    expect(await screen.findByText('This user has no ledger account yet: no money has moved for them.')).toBeInTheDocument();
    await act(async () => { fireEvent.click(screen.getByText('Card payments')); });
    expect(push).toHaveBeenCalledWith({ pathname: '/admin/money', query: { tab: 'payments' } }, undefined, { shallow: true, scroll: false });
  });
});
