import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { AdminUser } from '@/common/contract/admin-users';
import type { ErrorBody } from '@/common/contract/common';
import { AdminUsersPage } from '@/client/features/admin-users/components/admin-users-page';
import { api, installMswServer, server, serveSignedInBasics } from '../../../support/msw';
import { desktopWindow, installMatchMedia } from '../../components/match-media';
import { makeUser } from '../../fixtures';
import { makeAdminUser } from './admin-user-fixtures';
import { lastPushedQuery, mockRouter, renderPage } from '../discovery/render-page';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));
jest.setTimeout(120_000);
installMswServer();

/** Answers the list with `items` and records the query of every request. */
function listReturns(items: AdminUser[], total = items.length) {
  const queries: Record<string, string>[] = [];
  server.use(http.get(api('/admin/users'), ({ request }) => {
    queries.push(Object.fromEntries(new URL(request.url).searchParams));
    return HttpResponse.json({ data: { data: items, total } });
  }));
  return queries;
}

const operator = makeUser({ _id: 'op', role: 'admin', name: 'Operator' });

describe('/admin/users', () => {
  beforeEach(() => {
    desktopWindow();
    serveSignedInBasics();
  });

  it('asks for the list state of the URL, dropping unknown keys and values, and shows a table with tags', async () => {
    const queries = listReturns([
      makeAdminUser({ name: 'Dana Fan', username: 'dana', email: 'dana@example.com' }),
      makeAdminUser({ name: 'Aurora Lane', username: 'aurora', role: 'performer', verificationStatus: 'pending' }),
      makeAdminUser({ name: 'Sam Spam', username: 'sam', status: 'suspended', suspendedReason: 'Spam' }),
    ], 43);
    mockRouter({ q: 'a', role: 'user', status: 'bogus', current: '2', sortBy: 'email', colour: 'red' }, '/admin/users');
    renderPage(<AdminUsersPage />, operator);

    const table = await screen.findByRole('table');
    expect(within(table).getByText('Dana Fan')).toHaveAttribute('href', expect.stringMatching(/^\/admin\/users\/0{8}-/));
    expect(within(table).getByText('dana@example.com')).toBeInTheDocument();
    expect(within(table).getByText('Waiting for review')).toBeInTheDocument();
    expect(within(table).getByText('Creator')).toBeInTheDocument();
    expect(within(table).getByText('Suspended')).toBeInTheDocument();
    expect(screen.getByText('43 accounts')).toBeInTheDocument();
    expect(queries[0]).toEqual({ offset: '20', limit: '20', sortBy: 'createdAt', sort: 'desc', q: 'a', role: 'user' });
  });

  it('writes the search, the role and the status filters into the query string, back to page 1', async () => {
    listReturns([makeAdminUser()]);
    const push = mockRouter({ current: '3', status: 'suspended' }, '/admin/users');
    renderPage(<AdminUsersPage />, operator);
    await screen.findByRole('table');

    const search = screen.getByRole('searchbox', { name: 'Search users' });
    fireEvent.change(search, { target: { value: '  dana@example ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(lastPushedQuery(push)).toEqual({ status: 'suspended', q: 'dana@example' });

    fireEvent.mouseDown(screen.getByLabelText('Role'));
    fireEvent.click(await screen.findByTitle('Creators'));
    expect(lastPushedQuery(push)).toEqual({ status: 'suspended', role: 'performer' });

    fireEvent.mouseDown(screen.getByLabelText('Status'));
    fireEvent.click(await screen.findByTitle('Inactive'));
    expect(lastPushedQuery(push)).toEqual({ status: 'inactive' });
    expect(push).toHaveBeenLastCalledWith(expect.objectContaining({ pathname: '/admin/users' }), undefined, { shallow: true, scroll: false });
  });

  it('sorts by a column through the query string and clears every filter', async () => {
    listReturns([makeAdminUser()]);
    const push = mockRouter({ q: 'x', role: 'admin' }, '/admin/users');
    renderPage(<AdminUsersPage />, operator);
    const table = await screen.findByRole('table');
    fireEvent.click(within(table).getAllByText('Name')[0]);
    expect(lastPushedQuery(push)).toMatchObject({ sortBy: 'name', sort: 'asc' });
    fireEvent.click(screen.getByText('Clear filters').closest('button')!);
    expect(lastPushedQuery(push)).toEqual({});
  });

  it('says when nothing matches', async () => {
    listReturns([]);
    mockRouter({ q: 'nobody' }, '/admin/users');
    renderPage(<AdminUsersPage />, operator);
    expect(await screen.findByText('No account matches these filters.')).toBeInTheDocument();
  });

  it('shows a failure with the server\'s message and asks again on retry', async () => {
    let calls = 0;
    const failure: ErrorBody = { statusCode: 500, error: 'Internal Server Error', message: 'Database is down' };
    server.use(http.get(api('/admin/users'), () => {
      calls += 1;
      return calls === 1 ? HttpResponse.json(failure, { status: 500 }) : HttpResponse.json({ data: { data: [makeAdminUser({ name: 'Back Again' })], total: 1 } });
    }));
    mockRouter({}, '/admin/users');
    renderPage(<AdminUsersPage />, operator);
    expect(await screen.findByText('Database is down')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Try again').closest('button')!);
    expect(await screen.findByText('Back Again')).toBeInTheDocument();
  });

  it('is a compact list of cards on a phone', async () => {
    installMatchMedia();
    listReturns([makeAdminUser({ name: 'Phone Person', email: 'phone@example.com', status: 'inactive' })]);
    mockRouter({}, '/admin/users');
    renderPage(<AdminUsersPage />, operator);
    const list = await screen.findByRole('list', { name: 'Users' });
    const item = within(list).getByRole('listitem', { name: 'Phone Person' });
    expect(within(item).getByText('phone@example.com')).toBeInTheDocument();
    expect(within(item).getByText('Inactive')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
