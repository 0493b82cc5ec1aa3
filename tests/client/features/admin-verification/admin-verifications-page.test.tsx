import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { CreatorVerification } from '@/common/contract/admin-verification';
import { AdminVerificationsPage } from '@/client/features/admin-verification/components/admin-verifications-page';
import { ageOf, statusOf } from '@/client/features/admin-verification/verification-status';
import { toast } from '@/client/lib/toast';
import { api, installMswServer, server, serveSignedInBasics } from '../../../support/msw';
import { buttonWithText } from '../../../support/queries';
import { makeUser } from '../../fixtures';
import { lastPushedQuery, mockRouter, renderPage } from '../discovery/render-page';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));
jest.setTimeout(120_000);
installMswServer();

let success: jest.SpyInstance;
let failure: jest.SpyInstance;
beforeEach(() => {
  success = jest.spyOn(toast, 'success').mockImplementation(() => undefined);
  failure = jest.spyOn(toast, 'error').mockImplementation(() => undefined);
  serveSignedInBasics();
});
afterEach(() => jest.restoreAllMocks());

const admin = makeUser({ _id: 'a1', role: 'admin', name: 'Ops' });

function item(overrides: Partial<CreatorVerification> = {}, creator: Partial<CreatorVerification['creator']> = {}): CreatorVerification {
  return {
    creator: {
      _id: '00000000-0000-4000-8000-000000000001', name: 'Nova Reed', username: 'nova', email: 'nova@example.com', avatar: '',
      country: 'PT', dateOfBirth: '1999-04-02', accountStatus: 'active', createdAt: '2026-01-01T00:00:00.000Z', ...creator,
    },
    status: 'pending', note: null, submittedAt: '2026-01-02T00:00:00.000Z', reviewedAt: null, reviewerUsername: null,
    documents: {
      idDocument: 'http://api.test/files/private/id-documents/a.jpg?exp=1&sig=x',
      selfie: 'http://api.test/files/private/selfies/b.jpg?exp=1&sig=y',
      expiresAt: '2026-01-02T00:05:00.000Z',
    },
    ...overrides,
  };
}

/** The queue as the API answers it; records the queries and the decisions sent. */
function serve(items: CreatorVerification[] | 'error') {
  const queries: Record<string, string>[] = [];
  const decisions: { id: string; action: string; body: unknown }[] = [];
  server.use(
    http.get(api('/admin/creator-verifications'), ({ request }) => {
      queries.push(Object.fromEntries(new URL(request.url).searchParams));
      if (items === 'error') return HttpResponse.json({ statusCode: 500, error: 'Internal Server Error', message: 'The queue is down' }, { status: 500 });
      return HttpResponse.json({ data: { data: items, total: items.length } });
    }),
    http.post(api('/admin/creator-verifications/:id/:action'), async ({ params, request }) => {
      const text = await request.text();
      decisions.push({ id: String(params.id), action: String(params.action), body: text ? JSON.parse(text) : null });
      if (params.id === 'taken') {
        return HttpResponse.json({ statusCode: 409, error: 'Conflict', message: 'This creator is not waiting for review' }, { status: 409 });
      }
      return HttpResponse.json({ data: item({ status: params.action === 'approve' ? 'approved' : 'rejected' }) });
    }),
  );
  return { queries, decisions };
}

describe('/admin/creator-verifications', () => {
  it('shows each waiting creator as a card with both documents and their details', async () => {
    mockRouter({}, '/admin/creator-verifications');
    const { queries } = serve([item({ note: 'Blurry photo' })]);
    renderPage(<AdminVerificationsPage />, admin);
    const card = await screen.findByTestId('verification-card');
    expect(queries[0]).toMatchObject({ status: 'pending', offset: '0', limit: '10' });
    expect(within(card).getByText('Nova Reed')).toBeInTheDocument();
    expect(within(card).getByText('nova@example.com')).toBeInTheDocument();
    expect(within(card).getByText('Waiting for review')).toBeInTheDocument();
    expect(within(card).getByText('Previously rejected')).toBeInTheDocument();
    expect(within(card).getByText('Blurry photo')).toBeInTheDocument();
    expect(within(card).getByAltText('Identity document')).toHaveAttribute('src', expect.stringContaining('/files/private/id-documents/a.jpg'));
    expect(within(card).getByAltText('Selfie with the document')).toHaveAttribute('src', expect.stringContaining('/files/private/selfies/b.jpg'));
    expect(within(card).getByText(`Apr 2, 1999 (${ageOf('1999-04-02')})`)).toBeInTheDocument();
  });

  it('says so when nobody is waiting', async () => {
    mockRouter({}, '/admin/creator-verifications');
    serve([]);
    renderPage(<AdminVerificationsPage />, admin);
    expect(await screen.findByText('Nobody is waiting for review')).toBeInTheDocument();
  });

  it('shows the error with a retry', async () => {
    mockRouter({}, '/admin/creator-verifications');
    const { queries } = serve('error');
    renderPage(<AdminVerificationsPage />, admin);
    expect(await screen.findByText('The queue is down')).toBeInTheDocument();
    await act(async () => { fireEvent.click(buttonWithText('Try again')); });
    await waitFor(() => expect(queries.length).toBeGreaterThanOrEqual(2));
  });

  it('keeps the status tab in the query string', async () => {
    const push = mockRouter({ status: 'rejected' }, '/admin/creator-verifications');
    const { queries } = serve([item({ status: 'rejected', note: 'Expired passport', reviewedAt: '2026-01-03T10:00:00.000Z', reviewerUsername: 'ops' })]);
    renderPage(<AdminVerificationsPage />, admin);
    const card = await screen.findByTestId('verification-card');
    expect(queries[0]).toMatchObject({ status: 'rejected' });
    expect(within(card).getByText('Expired passport')).toBeInTheDocument();
    expect(within(card).getByText(/by @ops/)).toBeInTheDocument();
    // Decided creators have no decision buttons.
    expect(within(card).queryByText('Approve')).toBeNull();
    await act(async () => { fireEvent.click(screen.getByText('Approved')); });
    expect(lastPushedQuery(push)).toMatchObject({ status: 'approved' });
    await act(async () => { fireEvent.click(screen.getByText('Waiting')); });
    expect(lastPushedQuery(push).status).toBeUndefined();
    expect(statusOf('bogus')).toBe('pending');
  });

  it('approves after a confirmation that says what it does', async () => {
    mockRouter({}, '/admin/creator-verifications');
    const { decisions, queries } = serve([item()]);
    renderPage(<AdminVerificationsPage />, admin);
    const card = await screen.findByTestId('verification-card');
    await act(async () => { fireEvent.click(buttonWithText('Approve', card)); });
    expect(await screen.findByText('They can be paid and are listed in explore. We email them the news.')).toBeInTheDocument();
    expect(decisions).toHaveLength(0);
    const confirm = (await screen.findByText('Approve Nova Reed?')).closest('.ant-popover') as HTMLElement;
    await act(async () => { fireEvent.click(buttonWithText('Approve', confirm)); });
    await waitFor(() => expect(decisions).toEqual([{ id: '00000000-0000-4000-8000-000000000001', action: 'approve', body: null }]));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Nova Reed is approved'));
    // The queue is read again after the decision.
    await waitFor(() => expect(queries.length).toBeGreaterThanOrEqual(2));
  });

  it('rejects only with a reason, which it sends; a refused decision shows the server\'s words', async () => {
    mockRouter({}, '/admin/creator-verifications');
    const { decisions } = serve([item(), item({}, { _id: 'taken', name: 'Taken Already', username: 'taken' })]);
    renderPage(<AdminVerificationsPage />, admin);
    const [first, second] = await screen.findAllByTestId('verification-card');
    await act(async () => { fireEvent.click(buttonWithText('Reject', first)); });
    const dialog = (await screen.findByText("Reject Nova Reed's documents?")).closest('.ant-modal') as HTMLElement;
    expect(within(dialog).getByText(/The creator is emailed this reason/)).toBeInTheDocument();
    const submit = buttonWithText('Reject documents', dialog);
    expect(submit).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: '   ' } });
    expect(submit).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: ' The selfie does not show the document. ' } });
    await act(async () => { fireEvent.click(buttonWithText('Reject documents', dialog)); });
    await waitFor(() => expect(decisions).toEqual([
      { id: '00000000-0000-4000-8000-000000000001', action: 'reject', body: { reason: 'The selfie does not show the document.' } },
    ]));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Documents rejected; the creator is emailed the reason'));

    await act(async () => { fireEvent.click(buttonWithText('Approve', second)); });
    const confirm = (await screen.findByText('Approve Taken Already?')).closest('.ant-popover') as HTMLElement;
    await act(async () => { fireEvent.click(buttonWithText('Approve', confirm)); });
    await waitFor(() => expect(failure).toHaveBeenCalledWith('This creator is not waiting for review'));
  });
});
