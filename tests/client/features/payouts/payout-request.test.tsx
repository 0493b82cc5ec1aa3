import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { PayoutCalculation, PayoutRequest } from '@/common/contract/payouts';
import { PayoutRequestPage } from '@/client/features/payouts/components/payout-request-page';
import { AdminPayoutsPage } from '@/client/features/payouts/components/admin-payouts-page';
import { payoutAmountProblem } from '@/client/features/payouts/payout-rules';
import { toast } from '@/client/lib/toast';
import { api, installMswServer, server, serveSignedInBasics } from '../../../support/msw';
import { buttonWithText } from '../../../support/queries';
import { desktopWindow, installMatchMedia } from '../../components/match-media';
import { makePerformer, makeUser } from '../../fixtures';
import { mockRouter, renderPage } from '../discovery/render-page';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));
// Whole antd forms under jsdom: several seconds a test on a busy machine.
jest.setTimeout(180_000);
installMswServer();

let success: jest.SpyInstance;
beforeEach(() => {
  installMatchMedia();
  mockRouter({}, '/creator/payout-request');
  success = jest.spyOn(toast, 'success').mockImplementation(() => undefined);
  jest.spyOn(toast, 'error').mockImplementation(() => undefined);
  serveSignedInBasics();
});
afterEach(() => jest.restoreAllMocks());

const request = (overrides: Partial<PayoutRequest> = {}): PayoutRequest => ({
  _id: '00000000-0000-4000-8000-000000000001', performerId: 'p1', performer: null, amount: 60, method: 'banking', status: 'pending',
  requestNote: '', adminNote: '', gatewayTransferId: null, decidedAt: null,
  createdAt: '2026-11-01T10:00:00.000Z', updatedAt: '2026-11-01T10:00:00.000Z', ...overrides,
});

function serve(calc: PayoutCalculation, history: PayoutRequest[], pending: PayoutRequest | null) {
  const sent: { method: string; body: unknown; key: string | null }[] = [];
  server.use(
    http.post(api('/payout-requests/calculate'), () => HttpResponse.json({ data: calc })),
    http.get(api('/payout-requests/search'), () => HttpResponse.json({ data: { data: history, total: history.length } })),
    http.get(api('/payout-requests/check/pending-review'), () => HttpResponse.json({ data: pending ? { pending: true, request: pending } : { pending: false } })),
    http.post(api('/payout-requests'), async ({ request: r }) => {
      sent.push({ method: 'POST', body: await r.json(), key: r.headers.get('idempotency-key') });
      return HttpResponse.json({ data: request() });
    }),
    http.put(api('/payout-requests/:id'), async ({ request: r }) => {
      sent.push({ method: 'PUT', body: await r.json(), key: null });
      return HttpResponse.json({ data: request({ status: 'cancelled' }) });
    }),
  );
  return sent;
}

describe('payout amount rules', () => {
  it('mirror the server in order and wording', () => {
    const limits = { minimum: 50, available: 80 };
    expect(payoutAmountProblem(null, limits)).toBe('Enter an amount');
    expect(payoutAmountProblem(0, limits)).toBe('Amount must be a positive number of tokens');
    expect(payoutAmountProblem(55.555, limits)).toBe('Amount can have at most two decimals');
    expect(payoutAmountProblem(49.99, limits)).toBe('The minimum payout is 50.00 tokens');
    expect(payoutAmountProblem(80.01, limits)).toBe('You can request at most 80.00 tokens');
    expect(payoutAmountProblem(80, limits)).toBeUndefined();
  });
});

describe('/creator/payout-request', () => {
  const ready: PayoutCalculation = { available: 80, minimum: 50, canRequest: true, methods: ['banking', 'paypal'] };

  it('shows what is available, checks the amount and sends the request once', async () => {
    const sent = serve(ready, [], null);
    renderPage(<PayoutRequestPage />, makePerformer());
    expect(await screen.findByText('Minimum payout: 50.00 tokens')).toBeInTheDocument();
    expect(await screen.findByText('You have not asked for a payout yet.')).toBeInTheDocument();
    const amount = screen.getByLabelText('Amount');
    const submit = buttonWithText(/request payout/i);

    fireEvent.change(amount, { target: { value: '20' } });
    await act(async () => { fireEvent.click(submit); });
    expect(await screen.findByText('The minimum payout is 50.00 tokens')).toBeInTheDocument();
    fireEvent.change(amount, { target: { value: '95' } });
    await act(async () => { fireEvent.click(submit); });
    expect(await screen.findByText('You can request at most 80.00 tokens')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    fireEvent.change(amount, { target: { value: '60' } });
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'Thanks!' } });
    await act(async () => { fireEvent.click(submit); });
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ method: 'POST', body: { amount: 60, method: 'banking', note: 'Thanks!' }, key: expect.any(String) });
    expect(success).toHaveBeenCalledWith('Payout of 60.00 tokens requested');
  });

  it('is disabled while a request waits for review, which can be cancelled from the list', async () => {
    const pending = request({ amount: 60.5 });
    const sent = serve({ ...ready, available: 19.5, canRequest: false, reason: 'You already have a payout request waiting for review', pendingRequest: pending }, [pending], pending);
    renderPage(<PayoutRequestPage />, makePerformer());
    expect(await screen.findByText('Your request for 60.50 tokens is waiting for review')).toBeInTheDocument();
    expect(buttonWithText(/request payout/i)).toBeDisabled();
    // A phone: the history is a card per request, with the same Cancel.
    const list = await screen.findByRole('list', { name: 'Payout requests' });
    await waitFor(() => expect(within(list).getByText('Pending review')).toBeInTheDocument());
    await act(async () => { fireEvent.click(buttonWithText('Cancel', list)); });
    await act(async () => { fireEvent.click((await screen.findByText('Cancel request')).closest('button')!); });
    await waitFor(() => expect(sent).toEqual([{ method: 'PUT', body: { status: 'cancelled' }, key: null }]));
  });
});

describe('/admin/payout-requests', () => {
  it('lists pending requests for operators and approves after confirmation', async () => {
    mockRouter({}, '/admin/payout-requests');
    const queries: Record<string, string>[] = [];
    let approved = 0;
    server.use(
      http.get(api('/admin/payout-requests/search'), ({ request: r }) => {
        queries.push(Object.fromEntries(new URL(r.url).searchParams));
        const row = request({ performer: { _id: 'p1', name: 'Ana Bell', username: 'ana', avatar: '', isPerformer: true, createdAt: '2026-01-01T00:00:00.000Z' } });
        return HttpResponse.json({ data: { data: [row], total: 1 } });
      }),
      http.post(api('/admin/payout-requests/:id/approve'), () => {
        approved += 1;
        return HttpResponse.json({ data: request({ status: 'paid' }) });
      }),
    );
    renderPage(<AdminPayoutsPage />, makeUser({ role: 'admin' }));
    // A phone: a card per request with the creator, the amount and the buttons.
    const card = within(await screen.findByRole('listitem', { name: '60.00 tokens for Ana Bell' }));
    expect(card.getByText('Ana Bell')).toBeInTheDocument();
    expect(card.getByText('Pending review')).toBeInTheDocument();
    expect(queries[0]).toMatchObject({ status: 'pending' });
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: /^approve/i })); });
    await act(async () => { fireEvent.click(await screen.findByRole('button', { name: 'Approve' })); });
    await waitFor(() => expect(approved).toBe(1));
  });

  it('rejects with a reason the creator sees, in a table from 768 px', async () => {
    desktopWindow();
    mockRouter({}, '/admin/payout-requests');
    const rejected: { note: string; key: string | null }[] = [];
    server.use(
      http.get(api('/admin/payout-requests/search'), () => HttpResponse.json({ data: { data: [request()], total: 1 } })),
      http.post(api('/admin/payout-requests/:id/reject'), async ({ request: r }) => {
        rejected.push({ ...(await r.json() as { note: string }), key: r.headers.get('idempotency-key') });
        return HttpResponse.json({ data: request({ status: 'rejected' }) });
      }),
    );
    renderPage(<AdminPayoutsPage />, makeUser({ role: 'admin' }));
    const table = await screen.findByRole('table', { name: 'Payout requests' });
    await act(async () => { fireEvent.click(within(table).getByLabelText(`Reject ${request()._id}`)); });
    const dialog = (await screen.findByText('Reject 60.00 tokens?')).closest('.ant-modal') as HTMLElement;
    const ok = buttonWithText('Reject', dialog.querySelector('.ant-modal-footer') as HTMLElement);
    expect(ok).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: '  Bank details are wrong  ' } });
    await act(async () => { fireEvent.click(ok); });
    await waitFor(() => expect(rejected).toEqual([{ note: 'Bank details are wrong', key: expect.any(String) }]));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Payout rejected'));
  });
});
