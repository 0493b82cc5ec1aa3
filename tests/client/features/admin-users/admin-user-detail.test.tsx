import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, delay } from 'msw';
import type { AdminUserDetail } from '@/common/contract/admin-users';
import type { ErrorBody } from '@/common/contract/common';
import { AdminUserDetailPage } from '@/client/features/admin-users/components/admin-user-detail-page';
import { toast } from '@/client/lib/toast';
import { api, installMswServer, server, serveSignedInBasics } from '../../../support/msw';
import { buttonWithText } from '../../../support/queries';
import { installMatchMedia } from '../../components/match-media';
import { makeUser } from '../../fixtures';
import { mockRouter, renderPage } from '../discovery/render-page';
import { makeDetail } from './admin-user-fixtures';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));
jest.setTimeout(180_000);
installMswServer();

const ID = '00000000-0000-4000-8000-0000000000aa';
const operator = makeUser({ _id: 'op-1', role: 'admin', name: 'Operator' });

interface Sent { method: string; url: string; body: unknown }

/** Serves the detail (the latest `current`) and records every write. */
function serve(initial: AdminUserDetail) {
  const state = { current: initial, gets: 0, sent: [] as Sent[] };
  server.use(
    http.get(api(`/admin/users/${ID}`), () => {
      state.gets += 1;
      return HttpResponse.json({ data: state.current });
    }),
    http.put(api(`/admin/users/${ID}/status`), async ({ request }) => {
      const body = await request.json() as { status: 'active' | 'suspended'; reason?: string; until?: string | null };
      state.sent.push({ method: 'PUT', url: 'status', body });
      state.current = { ...state.current, user: { ...state.current.user, status: body.status, suspendedReason: body.reason ?? null, suspendedUntil: body.until ?? null } };
      return HttpResponse.json({ data: state.current.user });
    }),
    http.put(api(`/admin/users/${ID}/role`), async ({ request }) => {
      const body = await request.json() as { role: 'admin' | 'user' };
      state.sent.push({ method: 'PUT', url: 'role', body });
      state.current = { ...state.current, user: { ...state.current.user, role: body.role } };
      return HttpResponse.json({ data: state.current.user });
    }),
    http.post(api(`/admin/users/${ID}/warnings`), async ({ request }) => {
      const body = await request.json() as { reason: string };
      state.sent.push({ method: 'POST', url: 'warnings', body });
      const warning = { _id: 'w1', reason: body.reason, reportId: null, createdAt: new Date().toISOString() };
      state.current = { ...state.current, warnings: [warning, ...state.current.warnings] };
      return HttpResponse.json({ data: warning });
    }),
  );
  return state;
}

/** The open dialog; waits for it, since a reason dialog's code loads when it first opens. */
const modal = () => waitFor(() => {
  const found = document.querySelector<HTMLElement>('.ant-modal');
  if (!found) throw new Error('No dialog is open');
  return found;
});
const popconfirm = () => document.querySelector('.ant-popconfirm') as HTMLElement;
const settle = () => act(() => new Promise((r) => setTimeout(r, 50)));

beforeEach(() => {
  serveSignedInBasics();
  installMatchMedia();
  mockRouter({ id: ID }, '/admin/users/[id]');
  jest.spyOn(toast, 'success').mockImplementation(() => undefined);
  jest.spyOn(toast, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('/admin/users/[id]: states', () => {
  it('shows a skeleton while loading, then the account with its sections', async () => {
    const detail = makeDetail({ _id: ID, name: 'Dana Fan', username: 'dana', email: 'dana@example.com' }, {
      subscriptions: {
        total: 25,
        data: [{
          _id: 's1', performer: { _id: 'c1', name: 'Aurora Lane', username: 'aurora', avatar: '', isPerformer: true, createdAt: '2025-01-01T00:00:00.000Z' },
          user: { _id: ID, name: 'Dana Fan', username: 'dana', avatar: '', isPerformer: false, createdAt: '2025-01-01T00:00:00.000Z' },
          type: 'monthly', status: 'active', price: 9.95, startedAt: '2026-01-01T00:00:00.000Z', expiresAt: '2026-03-04T12:00:00.000Z',
          graceUntil: null, cancelledAt: null, renews: true, hasAccess: true, gateway: 'sandbox', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z',
        }],
      },
      purchases: {
        total: 1,
        data: [{
          _id: 'c1', type: 'tip', amount: 12.5, commission: 2.5, net: 10, refunded: false, objectType: 'performer', objectId: 'c1', message: null, description: 'Tip',
          performer: { _id: 'c1', name: 'Aurora Lane', username: 'aurora', avatar: '', isPerformer: true, createdAt: '2025-01-01T00:00:00.000Z' }, user: null, createdAt: '2026-02-01T10:00:00.000Z',
        }],
      },
      reports: { total: 1, data: [{ _id: 'r1', targetType: 'comment', targetId: 'x', reason: 'harassment', text: 'mean words', status: 'open', resolution: null, reporter: null, createdAt: '2026-02-01T10:00:00.000Z' }] },
      warnings: [{ _id: 'w1', reason: 'Be kind in comments', reportId: null, createdAt: '2026-02-02T10:00:00.000Z' }],
    });
    server.use(http.get(api(`/admin/users/${ID}`), async () => {
      await delay(150);
      return HttpResponse.json({ data: detail });
    }));
    renderPage(<AdminUserDetailPage />, operator);
    expect(document.querySelector('.ant-skeleton')).not.toBeNull();

    expect(await screen.findByRole('heading', { name: 'Dana Fan' })).toBeInTheDocument();
    expect(document.querySelector('.ant-skeleton')).toBeNull();
    expect(screen.getByText('@dana · dana@example.com')).toBeInTheDocument();
    expect(screen.getByText('37.50 tokens')).toBeInTheDocument();
    expect(screen.getByText('Subscriptions (25)')).toBeInTheDocument();
    expect(screen.getByText('Showing the latest 1 of 25.')).toBeInTheDocument();
    expect(screen.getByText('Renews on Mar 4, 2026')).toBeInTheDocument();
    expect(screen.getByText('12.50 tokens')).toBeInTheDocument();
    expect(screen.getByText('“mean words”')).toBeInTheDocument();
    expect(screen.getByText('Be kind in comments')).toBeInTheDocument();
    expect(screen.getByText('Audit log').closest('a')).toHaveAttribute('href', `/admin/audit-log?targetType=user&targetId=${ID}`);
  });

  it('says when the account does not exist, without a retry', async () => {
    server.use(http.get(api(`/admin/users/${ID}`), () => HttpResponse.json({ statusCode: 404, error: 'Not Found', message: 'User not found' } satisfies ErrorBody, { status: 404 })));
    renderPage(<AdminUserDetailPage />, operator);
    expect(await screen.findByText('User not found')).toBeInTheDocument();
    expect(screen.queryByText('Try again')).toBeNull();
    expect(screen.getByText('All users').closest('a')).toHaveAttribute('href', '/admin/users');
  });

  it('shows another failure with the server\'s message and loads again on retry', async () => {
    let calls = 0;
    server.use(http.get(api(`/admin/users/${ID}`), () => {
      calls += 1;
      return calls === 1
        ? HttpResponse.json({ statusCode: 500, error: 'Internal Server Error', message: 'Database is down' } satisfies ErrorBody, { status: 500 })
        : HttpResponse.json({ data: makeDetail({ _id: ID, name: 'Back Again' }) });
    }));
    renderPage(<AdminUserDetailPage />, operator);
    expect(await screen.findByText('We could not load this account')).toBeInTheDocument();
    expect(screen.getByText('Database is down')).toBeInTheDocument();
    fireEvent.click(buttonWithText('Try again'));
    expect(await screen.findByRole('heading', { name: 'Back Again' })).toBeInTheDocument();
  });
});

describe('/admin/users/[id]: the suspend dialog', () => {
  it('says what happens, needs a reason, refuses an end in the past, then suspends and reloads', async () => {
    const state = serve(makeDetail({ _id: ID, name: 'Aurora Lane', role: 'performer', verificationStatus: 'approved' }));
    renderPage(<AdminUserDetailPage />, operator);
    await screen.findByRole('heading', { name: 'Aurora Lane' });

    fireEvent.click(buttonWithText('Suspend'));
    const dialog = await modal();
    expect(within(dialog).getByText('Suspend Aurora Lane?')).toBeInTheDocument();
    expect(dialog.textContent).toContain('signs them out everywhere, they cannot sign in, their page is hidden with all their content, and nobody can pay them');
    const ok = buttonWithText('Suspend', dialog.querySelector('.ant-modal-footer') as HTMLElement);
    expect(ok).toBeDisabled();

    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: '  Stolen content  ' } });
    expect(ok).toBeEnabled();
    fireEvent.change(within(dialog).getByLabelText('Ends'), { target: { value: '2020-01-01T10:00' } });
    await act(async () => { fireEvent.click(ok); });
    expect(await within(dialog).findByText('The end must be in the future')).toBeInTheDocument();
    expect(state.sent).toEqual([]);

    const future = new Date(Date.now() + 2 * 86_400_000);
    const local = `${future.getFullYear()}-${String(future.getMonth() + 1).padStart(2, '0')}-${String(future.getDate()).padStart(2, '0')}T09:30`;
    fireEvent.change(within(dialog).getByLabelText('Ends'), { target: { value: local } });
    const gets = state.gets;
    await act(async () => { fireEvent.click(ok); });
    await waitFor(() => expect(state.sent).toHaveLength(1));
    expect(state.sent[0]).toEqual({ method: 'PUT', url: 'status', body: { status: 'suspended', reason: 'Stolen content', until: new Date(local).toISOString() } });
    await waitFor(() => expect(state.gets).toBeGreaterThan(gets));
    expect(toast.success).toHaveBeenCalledWith('Aurora Lane is suspended');
    expect((await screen.findAllByText(/^Suspended until/)).length).toBeGreaterThan(0);
    expect(buttonWithText('Reactivate')).toBeInTheDocument();
  });

  it('keeps the dialog open with the server\'s refusal', async () => {
    serve(makeDetail({ _id: ID, name: 'Dana Fan' }));
    server.use(http.put(api(`/admin/users/${ID}/status`), () => HttpResponse.json(
      { statusCode: 400, error: 'Bad Request', message: 'The end of a suspension must be in the future', details: [{ field: 'until', message: 'Must be in the future' }] } satisfies ErrorBody,
      { status: 400 },
    )));
    renderPage(<AdminUserDetailPage />, operator);
    await screen.findByRole('heading', { name: 'Dana Fan' });
    fireEvent.click(buttonWithText('Suspend'));
    const dialog = await modal();
    expect(dialog.textContent).not.toContain('nobody can pay them');
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Spam' } });
    await act(async () => { fireEvent.click(buttonWithText('Suspend', dialog.querySelector('.ant-modal-footer') as HTMLElement)); });
    expect(await within(dialog).findByText('The end of a suspension must be in the future')).toBeInTheDocument();
    expect(within(dialog).getByText('Must be in the future')).toBeInTheDocument();
    expect(toast.success).not.toHaveBeenCalled();
  });
});

describe('/admin/users/[id]: other actions', () => {
  it('reactivates after a confirmation that says what happens', async () => {
    const state = serve(makeDetail({ _id: ID, name: 'Sam', status: 'suspended', suspendedReason: 'Spam' }));
    renderPage(<AdminUserDetailPage />, operator);
    await screen.findByRole('heading', { name: 'Sam' });
    expect(screen.getByText('Reason: Spam')).toBeInTheDocument();
    fireEvent.click(buttonWithText('Reactivate'));
    const confirm = await waitFor(() => popconfirm());
    expect(confirm.textContent).toContain('They can sign in again and their page returns.');
    await act(async () => { fireEvent.click(buttonWithText('Reactivate', confirm.querySelector('.ant-popconfirm-buttons') as HTMLElement)); });
    await waitFor(() => expect(state.sent).toEqual([{ method: 'PUT', url: 'status', body: { status: 'active' } }]));
    expect(await screen.findByText('Suspend')).toBeInTheDocument();
  });

  it('makes a fan an operator after a confirmation, and offers to remove the role afterwards', async () => {
    const state = serve(makeDetail({ _id: ID, name: 'Dana Fan' }));
    renderPage(<AdminUserDetailPage />, operator);
    await screen.findByRole('heading', { name: 'Dana Fan' });
    fireEvent.click(buttonWithText('Make operator'));
    const confirm = await waitFor(() => popconfirm());
    expect(confirm.textContent).toContain('They get the whole console');
    await act(async () => { fireEvent.click(buttonWithText('Make operator', confirm.querySelector('.ant-popconfirm-buttons') as HTMLElement)); });
    await waitFor(() => expect(state.sent).toEqual([{ method: 'PUT', url: 'role', body: { role: 'admin' } }]));
    const remove = await waitFor(() => screen.getAllByText('Remove operator role').find((e) => !e.closest('.ant-popover')));
    expect(remove?.closest('button')).toBeEnabled();
    // Operators cannot be suspended: the button says why instead.
    expect(buttonWithText('Suspend')).toBeDisabled();
  });

  it('offers no operator role to creators and warns with a reason', async () => {
    const state = serve(makeDetail({ _id: ID, name: 'Aurora Lane', role: 'performer', verificationStatus: 'approved' }));
    renderPage(<AdminUserDetailPage />, operator);
    await screen.findByRole('heading', { name: 'Aurora Lane' });
    expect(screen.queryByText('Make operator')).toBeNull();
    fireEvent.click(buttonWithText('Warn'));
    const dialog = await modal();
    fireEvent.change(within(dialog).getByLabelText('Warning'), { target: { value: 'Tag your adverts' } });
    await act(async () => { fireEvent.click(buttonWithText('Send warning', dialog)); });
    await waitFor(() => expect(state.sent).toEqual([{ method: 'POST', url: 'warnings', body: { reason: 'Tag your adverts' } }]));
    expect(await screen.findByText('Tag your adverts')).toBeInTheDocument();
    await settle();
  });

  it('offers nothing but the audit log on the operator\'s own account', async () => {
    serve(makeDetail({ _id: ID, name: 'Operator', role: 'admin' }));
    renderPage(<AdminUserDetailPage />, makeUser({ _id: ID, role: 'admin', name: 'Operator' }));
    await screen.findByRole('heading', { name: 'Operator' });
    for (const text of ['Suspend', 'Warn', 'Remove operator role', 'Make operator']) expect(screen.queryByText(text)).toBeNull();
    expect(screen.getByText('Audit log')).toBeInTheDocument();
  });
});

