import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, delay } from 'msw';
import type { MarkReadBody, Notification, UnreadCount } from '@/common/contract/notifications';
import type { ErrorBody } from '@/common/contract/common';
import { NotificationsPage } from '@/client/features/notifications/components/notifications-page';
import { notificationReceived, unreadCountLoaded } from '@/client/features/notifications/notifications.slice';
import { api, installMswServer, server, serveSignedInBasics } from '../../../support/msw';
import { makeUser } from '../../fixtures';
import { lastPushedQuery, mockRouter, renderPage } from '../discovery/render-page';
import { listBody, makeNotification } from './notification-fixtures';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));
jest.mock('@/client/lib/socket', () => ({ socketService: { connect: jest.fn(), disconnect: jest.fn(), on: jest.fn(), off: jest.fn(), subscribe: jest.fn(() => () => undefined) } }));
jest.setTimeout(60_000);

installMswServer();

const count = (total: number) => HttpResponse.json({ data: { total } satisfies UnreadCount });

/** Serves the list and records each query the page asks with. */
function serveList(answer: (query: URLSearchParams) => Notification[] | 'fail', total?: number) {
  const asked: URLSearchParams[] = [];
  server.use(http.get(api('/notifications'), ({ request }) => {
    const query = new URL(request.url).searchParams;
    asked.push(query);
    const items = answer(query);
    if (items === 'fail') return HttpResponse.json({ statusCode: 500, error: 'Internal Server Error', message: 'Database is down' } satisfies ErrorBody, { status: 500 });
    return HttpResponse.json(listBody(items, total));
  }));
  return asked;
}

beforeEach(() => serveSignedInBasics());

describe('/notifications', () => {
  it('lists 20 a page with the page in the query string', async () => {
    const items = Array.from({ length: 3 }, () => makeNotification()).reverse();
    const asked = serveList(() => items, 45);
    const push = mockRouter({ current: '2' }, '/notifications');
    renderPage(<NotificationsPage />, makeUser());
    expect(await screen.findAllByTestId('notification-item')).toHaveLength(3);
    expect(Object.fromEntries(asked[0])).toEqual({ offset: '20', limit: '20' });
    fireEvent.click(screen.getByTitle('3'));
    expect(lastPushedQuery(push)).toEqual({ current: '3' });
    fireEvent.click(screen.getByTitle('1'));
    // Page 1 is the default: left out of the URL.
    expect(lastPushedQuery(push)).toEqual({});
  });

  it('filters to the unread ones through ?filter=unread, back to page 1', async () => {
    const asked = serveList((q) => (q.get('unread') === 'true' ? [] : [makeNotification()]));
    const push = mockRouter({ current: '2' }, '/notifications');
    renderPage(<NotificationsPage />, makeUser());
    await screen.findByTestId('notification-item');
    fireEvent.click(screen.getByTitle('Unread'));
    expect(lastPushedQuery(push)).toEqual({ filter: 'unread' });

    mockRouter({ filter: 'unread' }, '/notifications');
    renderPage(<NotificationsPage />, makeUser());
    expect(await screen.findByText('No unread notifications')).toBeInTheDocument();
    expect(Object.fromEntries(asked.at(-1)!)).toEqual({ offset: '0', limit: '20', unread: 'true' });
  });

  it('shows loading, then "No notifications yet"', async () => {
    server.use(http.get(api('/notifications'), async () => {
      await delay(100);
      return HttpResponse.json(listBody([]));
    }));
    mockRouter({}, '/notifications');
    renderPage(<NotificationsPage />, makeUser());
    await waitFor(() => expect(document.querySelector('.ant-skeleton')).not.toBeNull());
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
  });

  it('shows the error with Try again', async () => {
    let fail = true;
    serveList(() => (fail ? 'fail' : [makeNotification()]));
    mockRouter({}, '/notifications');
    renderPage(<NotificationsPage />, makeUser());
    expect(await screen.findByText('We could not load your notifications')).toBeInTheDocument();
    expect(screen.getByText('Database is down')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /try again/i }));
    expect(await screen.findByTestId('notification-item')).toBeInTheDocument();
  });

  it('clicking one marks it read (shown at once), opens its link and takes the server’s figure', async () => {
    const n = makeNotification({ link: '/post/p1' });
    let read = false;
    serveList(() => [read ? { ...n, readAt: '2026-02-01T00:00:00.000Z' } : n]);
    const bodies: MarkReadBody[] = [];
    server.use(
      http.get(api('/notifications/unread-count'), () => count(1)),
      http.post(api('/notifications/read'), async ({ request }) => {
        bodies.push((await request.json()) as MarkReadBody);
        read = true;
        return count(0);
      }),
    );
    const push = mockRouter({}, '/notifications');
    const store = renderPage(<NotificationsPage />, makeUser());
    await waitFor(() => expect(screen.getByTestId('unread-summary')).toHaveTextContent('1 unread'));
    const item = await screen.findByTestId('notification-item');
    expect(within(item).getByText('Unread')).toBeInTheDocument();
    fireEvent.click(item);
    expect(push).toHaveBeenCalledWith('/post/p1');
    expect(within(item).queryByText('Unread')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('unread-summary')).toHaveTextContent('All read'));
    expect(bodies).toEqual([{ ids: [n._id] }]);
    expect(store.getState().notifications.unreadTotal).toBe(0);
  });

  it('"Mark all as read" marks the page read and asks the server again', async () => {
    let read = false;
    const asked = serveList(() => [makeNotification({ _id: '00000000-0000-4000-8000-000000000501', readAt: read ? '2026-02-01T00:00:00.000Z' : null })]);
    server.use(
      http.get(api('/notifications/unread-count'), () => count(3)),
      http.post(api('/notifications/read-all'), () => {
        read = true;
        return count(0);
      }),
    );
    mockRouter({}, '/notifications');
    renderPage(<NotificationsPage />, makeUser());
    await screen.findByText('Unread', { selector: '.sr-only' });
    const button = screen.getByRole('button', { name: /mark all as read/i });
    await waitFor(() => expect(button).toBeEnabled());
    // The first figure arriving does not ask for the list again.
    expect(asked).toHaveLength(1);
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByTestId('unread-summary')).toHaveTextContent('All read'));
    expect(screen.queryByText('Unread', { selector: '.sr-only' })).not.toBeInTheDocument();
    await waitFor(() => expect(asked).toHaveLength(2));
    // The mark's end and the new figure: one more request, not one each.
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(asked).toHaveLength(2);
    expect(button).toBeDisabled();
  });

  it('asks again when a new notification arrives', async () => {
    const first = makeNotification();
    const fresh = makeNotification({ kind: 'follower_new' });
    let arrived = false;
    serveList(() => (arrived ? [fresh, first] : [first]));
    mockRouter({}, '/notifications');
    const store = renderPage(<NotificationsPage />, makeUser());
    await screen.findByTestId('notification-item');
    arrived = true;
    act(() => {
      store.dispatch(notificationReceived(fresh));
    });
    await waitFor(() => expect(screen.getAllByTestId('notification-item')).toHaveLength(2));
    expect(screen.getAllByTestId('notification-item')[0]).toHaveTextContent('started following you');
    act(() => {
      store.dispatch(unreadCountLoaded(7));
    });
    expect(screen.getByTestId('unread-summary')).toHaveTextContent('7 unread');
  });
});
