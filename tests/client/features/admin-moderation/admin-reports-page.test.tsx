import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { AdminReport, AdminReportDetail } from '@/common/contract/reports';
import { AdminReportsPage } from '@/client/features/admin-moderation/components/admin-reports-page';
import { toast } from '@/client/lib/toast';
import { api, installMswServer, server, serveSignedInBasics } from '../../../support/msw';
import { buttonWithText } from '../../../support/queries';
import { desktopWindow, installMatchMedia } from '../../components/match-media';
import { lastPushedQuery, mockRouter, renderPage } from '../discovery/render-page';
import { admin, makeDetail, makeReport, person } from './moderation-fixtures';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));
jest.setTimeout(120_000);
installMswServer();

let success: jest.SpyInstance;
beforeEach(() => {
  installMatchMedia();
  success = jest.spyOn(toast, 'success').mockImplementation(() => undefined);
  jest.spyOn(toast, 'error').mockImplementation(() => undefined);
  serveSignedInBasics();
});
afterEach(() => jest.restoreAllMocks());

/** The queue and the details as the API answers them; records list queries and decisions. */
function serve(reports: AdminReport[] | 'error', details: Record<string, AdminReportDetail> = {}) {
  const queries: Record<string, string>[] = [];
  const decisions: { id: string; body: unknown }[] = [];
  server.use(
    http.get(api('/admin/reports'), ({ request }) => {
      queries.push(Object.fromEntries(new URL(request.url).searchParams));
      if (reports === 'error') return HttpResponse.json({ statusCode: 500, error: 'Internal Server Error', message: 'The queue is down' }, { status: 500 });
      return HttpResponse.json({ data: { data: reports, total: reports.length } });
    }),
    http.get(api('/admin/reports/:id'), ({ params }) => HttpResponse.json({ data: details[String(params.id)] })),
    http.post(api('/admin/reports/:id/resolve'), async ({ params, request }) => {
      const body = await request.json() as { action: string };
      decisions.push({ id: String(params.id), body });
      const before = details[String(params.id)];
      return HttpResponse.json({ data: { ...before, status: body.action === 'dismiss' ? 'dismissed' : 'resolved', resolution: 'hidden', otherReports: [] } });
    }),
  );
  return { queries, decisions };
}

describe('/admin/reports', () => {
  it('lists the open reports, oldest first, with the reporter, the reason, their words and the item', async () => {
    mockRouter({}, '/admin/reports');
    const { queries } = serve([makeReport(), makeReport({ targetType: 'comment', reason: 'harassment', text: '', target: { exists: false, title: null, path: null, isHidden: false } })]);
    renderPage(<AdminReportsPage />, admin);
    const list = await screen.findByRole('list', { name: 'Reports' });
    expect(queries[0]).toMatchObject({ status: 'open', sortBy: 'createdAt', sort: 'asc', offset: '0', limit: '20' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first).getByText('Win free tokens here')).toHaveAttribute('href', expect.stringMatching(/^\/post\//));
    expect(within(first).getByText('Spam or misleading: Looks like a scam link')).toBeInTheDocument();
    expect(within(first).getByText(/Dana/)).toBeInTheDocument();
    expect(within(second).getByText('Deleted since')).toBeInTheDocument();
    expect(within(second).getByText('Harassment or bullying')).toBeInTheDocument();
  });

  it('keeps the status and the kind of item in the query string', async () => {
    const push = mockRouter({ status: 'dismissed', targetType: 'comment' }, '/admin/reports');
    const { queries } = serve([makeReport({ status: 'dismissed', resolution: 'dismissed', resolvedBy: person('Ops') })]);
    renderPage(<AdminReportsPage />, admin);
    expect(await screen.findByText('Dismissed', { selector: '.ant-typography' })).toBeInTheDocument();
    expect(queries[0]).toMatchObject({ status: 'dismissed', targetType: 'comment', sort: 'desc' });
    await act(async () => { fireEvent.click(screen.getByText('Action taken')); });
    expect(lastPushedQuery(push)).toMatchObject({ status: 'resolved', targetType: 'comment' });
    await act(async () => { fireEvent.click(screen.getByText('Open')); });
    expect(lastPushedQuery(push).status).toBeUndefined();
  });

  it('says so when nothing is waiting', async () => {
    mockRouter({}, '/admin/reports');
    serve([]);
    renderPage(<AdminReportsPage />, admin);
    expect(await screen.findByText('No open reports. Nothing is waiting for a decision.')).toBeInTheDocument();
  });

  it('shows an error with a retry', async () => {
    mockRouter({}, '/admin/reports');
    const { queries } = serve('error');
    renderPage(<AdminReportsPage />, admin);
    expect(await screen.findByText('The queue is down')).toBeInTheDocument();
    await act(async () => { fireEvent.click(buttonWithText('Try again')); });
    await waitFor(() => expect(queries.length).toBeGreaterThanOrEqual(2));
  });

  it('opens a report with the item in place and the other reports on it, and resolves it with an action that fits', async () => {
    desktopWindow();
    mockRouter({}, '/admin/reports');
    const report = makeReport();
    const other = makeReport({ targetId: report.targetId, reporter: person('Eli'), reason: 'scam', text: 'Took my tokens' });
    const { decisions, queries } = serve([report, other], { [report._id]: makeDetail(report, [other]) });
    renderPage(<AdminReportsPage />, admin);
    const table = await screen.findByRole('table');
    expect(within(table).getAllByText('Aurora')).toHaveLength(2);
    await act(async () => { fireEvent.click(screen.getAllByText('Review')[0]); });

    const drawer = (await screen.findByLabelText('Reported item')).closest('.ant-drawer') as HTMLElement;
    expect(within(drawer).getByText('Win free tokens here, click the link now')).toBeInTheDocument();
    expect(within(drawer).getByText('5.00 tokens')).toBeInTheDocument();
    expect(within(drawer).getByAltText('')).toHaveAttribute('src', expect.stringContaining('thumb.webp'));
    const others = within(drawer).getByRole('region', { name: 'Other open reports' });
    expect(within(others).getByText('Eli')).toBeInTheDocument();
    expect(within(others).getByText('Took my tokens')).toBeInTheDocument();

    await act(async () => { fireEvent.click(buttonWithText('Resolve', drawer)); });
    const dialog = (await screen.findByText('Resolve the report')).closest('.ant-modal') as HTMLElement;
    // A post can be dismissed, hidden, or its creator warned or suspended; never "remove the comment".
    for (const label of ['Dismiss', 'Hide it', 'Warn the author', 'Suspend the author']) expect(within(dialog).getByText(label)).toBeInTheDocument();
    expect(within(dialog).queryByText('Remove the comment')).toBeNull();
    expect(within(dialog).getByText(/This also closes the 1 other open report/)).toBeInTheDocument();

    await act(async () => { fireEvent.click(within(dialog).getByText('Hide it')); });
    expect(within(dialog).getByText(/everyone else gets "not found"/)).toBeInTheDocument();
    const submit = buttonWithText('Hide it', dialog.querySelector('.ant-modal-footer') as HTMLElement);
    expect(submit).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('Reason (the author is told it)'), { target: { value: '  Scam links are not allowed ' } });
    fireEvent.change(within(dialog).getByLabelText('Note for the operators (optional)'), { target: { value: 'Second scam this week' } });
    expect(submit).not.toBeDisabled();
    await act(async () => { fireEvent.click(submit); });
    await waitFor(() => expect(decisions).toEqual([{ id: report._id, body: { action: 'hide', reason: 'Scam links are not allowed', note: 'Second scam this week' } }]));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Report resolved, with 1 other report on it'));
    await waitFor(() => expect(queries.length).toBeGreaterThanOrEqual(2));
  });

  it('offers "remove the comment" for a comment and no hiding for a creator', async () => {
    mockRouter({ status: 'all' }, '/admin/reports');
    const onComment = makeReport({ targetType: 'comment' });
    const onCreator = makeReport({ targetType: 'performer' });
    serve([onComment, onCreator], {
      [onComment._id]: makeDetail(onComment, [], { on: { type: 'feed', id: 'f1', path: '/post/f1', title: 'The post' }, access: null }),
      [onCreator._id]: makeDetail(onCreator, [], { access: null, status: 'active' }),
    });
    renderPage(<AdminReportsPage />, admin);
    await screen.findByRole('list', { name: 'Reports' });
    await act(async () => { fireEvent.click(screen.getAllByText('Review')[0]); });
    let drawer = (await screen.findByLabelText('Reported item')).closest('.ant-drawer') as HTMLElement;
    expect(within(drawer).getByText('The post')).toHaveAttribute('href', '/post/f1');
    await act(async () => { fireEvent.click(buttonWithText('Resolve', drawer)); });
    let dialog = (await screen.findByText('Resolve the report')).closest('.ant-modal') as HTMLElement;
    expect(within(dialog).getByText('Remove the comment')).toBeInTheDocument();
    // Removing a comment takes an optional reason.
    await act(async () => { fireEvent.click(within(dialog).getByText('Remove the comment')); });
    expect(within(dialog).getByLabelText('Reason (optional; the author is told it)')).toBeInTheDocument();
    await act(async () => { fireEvent.click(buttonWithText('Cancel', dialog)); });
    await act(async () => { fireEvent.click(drawer.querySelector('.ant-drawer-close') as HTMLElement); });

    await act(async () => { fireEvent.click(screen.getAllByText('Review')[1]); });
    drawer = await waitFor(() => {
      const found = screen.getAllByLabelText('Reported item').map((e) => e.closest('.ant-drawer') as HTMLElement).find((d) => within(d).queryByText('Creator'));
      if (!found) throw new Error('not yet');
      return found;
    });
    await act(async () => { fireEvent.click(buttonWithText('Resolve', drawer)); });
    dialog = (await screen.findAllByText('Resolve the report')).at(-1)!.closest('.ant-modal') as HTMLElement;
    expect(within(dialog).queryByText('Hide it')).toBeNull();
    expect(within(dialog).queryByText('Remove the comment')).toBeNull();
    await act(async () => { fireEvent.click(within(dialog).getByText('Suspend the author')); });
    expect(within(dialog).getByText('Suspended until')).toBeInTheDocument();
    expect(within(dialog).getByText(/signed out everywhere/)).toBeInTheDocument();
  });
});
