import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { MyReport } from '@/common/contract/reports';
import { MyReportsPage } from '@/client/features/engagement/components/my-reports-page';
import { api, installMswServer, server } from '../../../support/msw';
import { buttonWithText } from '../../../support/queries';
import { makeUser } from '../../fixtures';
import { installMatchMedia } from '../../components/match-media';
import { mockRouter, renderPage } from '../discovery/render-page';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));
jest.setTimeout(60_000);
installMswServer();

beforeEach(() => {
  installMatchMedia();
  server.use(
    http.get(api('/follows/following/ids'), () => HttpResponse.json({ data: [] })),
    http.get(api('/messages/total-unread-messages'), () => HttpResponse.json({ data: { total: 0 } })),
  );
});

const report = (overrides: Partial<MyReport>): MyReport => ({
  _id: `r${Math.random()}`, targetType: 'feed', targetId: 'f1', reason: 'spam', text: '', status: 'open', createdAt: new Date().toISOString(),
  outcome: 'Under review', resolvedAt: null, target: { exists: true, title: 'A post', path: '/post/f1', isHidden: false }, ...overrides,
});

function serve(items: MyReport[] | 'error') {
  const queries: Record<string, string>[] = [];
  server.use(http.get(api('/reports/mine'), ({ request }) => {
    queries.push(Object.fromEntries(new URL(request.url).searchParams));
    if (items === 'error') return HttpResponse.json({ statusCode: 500, error: 'Internal Server Error', message: 'Try later' }, { status: 500 });
    return HttpResponse.json({ data: { data: items, total: items.length } });
  }));
  return queries;
}

describe('/user/reports', () => {
  it('shows each report with what it was about and its outcome in plain words', async () => {
    mockRouter({}, '/user/reports');
    const queries = serve([
      report({ text: 'Stolen photo', reason: 'copyright' }),
      report({ targetType: 'video', status: 'resolved', outcome: 'Action taken', resolvedAt: '2026-03-04T10:00:00.000Z', target: { exists: true, title: 'Beach video', path: '/video/v1', isHidden: true } }),
      report({ targetType: 'performer', status: 'dismissed', outcome: 'No action needed', target: { exists: false, title: null, path: null, isHidden: false } }),
    ]);
    renderPage(<MyReportsPage />, makeUser());
    const list = await screen.findByRole('list', { name: 'My reports' });
    expect(queries[0]).toEqual({ offset: '0', limit: '10' });
    const [open, acted, dismissed] = within(list).getAllByRole('listitem');
    expect(within(open).getByText('Under review')).toBeInTheDocument();
    expect(within(open).getByText('A post')).toHaveAttribute('href', '/post/f1');
    expect(within(open).getByText('Stolen photo')).toBeInTheDocument();
    expect(within(open).getByText(/Copyright or trademark infringement/)).toBeInTheDocument();
    expect(within(acted).getByText('Action taken')).toBeInTheDocument();
    expect(within(acted).getByText(/handled Mar 4, 2026/)).toBeInTheDocument();
    // A hidden item would be "not found": its title is not a link.
    expect(within(acted).getByText('Beach video').closest('a')).toBeNull();
    expect(within(dismissed).getByText('No action needed')).toBeInTheDocument();
    expect(within(dismissed).getByText(/No longer available/)).toBeInTheDocument();
  });

  it('says when there is nothing', async () => {
    mockRouter({}, '/user/reports');
    serve([]);
    renderPage(<MyReportsPage />, makeUser());
    expect(await screen.findByText(/You have not reported anything/)).toBeInTheDocument();
  });

  it('shows an error with a retry', async () => {
    mockRouter({}, '/user/reports');
    const queries = serve('error');
    renderPage(<MyReportsPage />, makeUser());
    expect(await screen.findByText('Try later')).toBeInTheDocument();
    await act(async () => { fireEvent.click(buttonWithText('Try again')); });
    await waitFor(() => expect(queries.length).toBeGreaterThanOrEqual(2));
  });
});
