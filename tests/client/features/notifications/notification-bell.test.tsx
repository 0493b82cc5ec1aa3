import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { useRouter } from 'next/router';
import { http, HttpResponse, delay } from 'msw';
import type { MarkReadBody, UnreadCount } from '@/common/contract/notifications';
import type { ErrorBody } from '@/common/contract/common';
import type { CurrentUser } from '@/common/contract/users';
import { makeStore, type AppStore } from '@/client/store/store';
import { loginSuccess } from '@/client/features/auth/auth.slice';
import { setCurrentUser } from '@/client/features/user/user.slice';
import { notificationReceived, unreadCountLoaded } from '@/client/features/notifications/notifications.slice';
import { NotificationBell } from '@/client/features/notifications/components/notification-bell';
import { PrimaryLayout } from '@/client/layouts/primary-layout';
import { ThemeProvider } from '@/client/theme/theme-provider';
import { api, installMswServer, server, serveSignedInBasics } from '../../../support/msw';
import '../discovery/dom-stubs';
import { makePerformer, makeUser } from '../../fixtures';
import { FAN, listBody, makeNotification } from './notification-fixtures';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));
// next/dynamic as React.lazy, browser-only chunks included: the dropdown is one.
jest.mock('next/dynamic', () => jest.requireActual('../../../support/next-dynamic').nextDynamicAsLazy());
jest.mock('@/client/lib/socket', () => ({ socketService: { connect: jest.fn(), disconnect: jest.fn(), on: jest.fn(), off: jest.fn(), subscribe: jest.fn(() => () => undefined) } }));

installMswServer();

let push: jest.Mock;
beforeEach(() => {
  serveSignedInBasics();
  push = jest.fn(async () => true);
  jest.mocked(useRouter).mockReturnValue({ pathname: '/home', asPath: '/home', query: {}, push, replace: jest.fn() } as unknown as ReturnType<typeof useRouter>);
});

const count = (total: number) => HttpResponse.json({ data: { total } satisfies UnreadCount });

function renderBell(user: CurrentUser | null = makePerformer(), first = 0, ui = <NotificationBell />): AppStore {
  server.use(http.get(api('/notifications/unread-count'), () => count(first)));
  const store = makeStore();
  if (user) {
    store.dispatch(setCurrentUser(user));
    store.dispatch(loginSuccess(user));
  }
  render(<Provider store={store}>{ui}</Provider>);
  return store;
}

const bell = () => screen.getByTestId('notification-bell');
const openBell = async () => {
  fireEvent.click(bell());
  return screen.findByRole('dialog', { name: 'Notifications' });
};

describe('the notification bell', () => {
  it('says the unread figure, live, and shows it as a badge', async () => {
    const store = renderBell(makePerformer(), 3);
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 3 unread'));
    expect(bell()).toHaveTextContent('3');
    act(() => {
      store.dispatch(notificationReceived(makeNotification()));
    });
    expect(bell()).toHaveAccessibleName('Notifications, 4 unread');
    expect(bell()).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows 99+ beyond 99', async () => {
    const store = renderBell();
    act(() => {
      store.dispatch(unreadCountLoaded(120));
    });
    expect(bell()).toHaveTextContent('99+');
    expect(bell()).toHaveAccessibleName('Notifications, 120 unread');
  });

  it('is not there signed out', () => {
    renderBell(null);
    expect(screen.queryByTestId('notification-bell')).not.toBeInTheDocument();
  });

  it('is not there for an operator', () => {
    renderBell(makeUser({ role: 'admin' }));
    expect(screen.queryByTestId('notification-bell')).not.toBeInTheDocument();
  });

  it('sits in the signed-in header beside the account menu', async () => {
    renderBell(makeUser(), 0, <ThemeProvider><PrimaryLayout><p>Page</p></PrimaryLayout></ThemeProvider>);
    const header = screen.getByRole('banner');
    // The bell's own box, then the account menu, at the end of the header's actions (a chunk of
    // their own, signed-in people's only: account-actions.tsx).
    const bellBox = (await within(header).findByTestId('notification-bell')).parentElement!;
    expect(bellBox.nextElementSibling).toBe(within(header).getByTestId('user-menu'));
  });

  it('opens on the newest ten, asked for when opened: who, the sentence, when, and an unread mark', async () => {
    const calls: string[] = [];
    const unread = makeNotification({ createdAt: new Date(Date.now() - 5 * 60_000).toISOString() });
    const read = makeNotification({ kind: 'follower_new', readAt: '2026-01-02T00:00:00.000Z', createdAt: new Date(Date.now() - 60 * 60_000).toISOString() });
    server.use(http.get(api('/notifications'), ({ request }) => {
      calls.push(new URL(request.url).search);
      return HttpResponse.json(listBody([unread, read]));
    }));
    renderBell(makePerformer(), 1);
    expect(calls).toEqual([]);
    const panel = await openBell();
    expect(bell()).toHaveAttribute('aria-expanded', 'true');
    expect(bell()).toHaveAttribute('aria-controls', panel.id);
    const items = await within(panel).findAllByTestId('notification-item');
    expect(calls).toEqual(['?offset=0&limit=10']);
    expect(items[0]).toHaveTextContent('Dana Fan tipped you 10.00 tokens');
    expect(items[0]).toHaveTextContent('5 minutes ago');
    expect(within(items[0]).getByText('Unread')).toBeInTheDocument();
    expect(items[0].querySelector('img')).toHaveAttribute('src', FAN.avatar);
    expect(items[1]).toHaveTextContent('Dana Fan started following you');
    expect(items[1]).toHaveTextContent('1 hour ago');
    expect(within(items[1]).queryByText('Unread')).not.toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'See all' })).toHaveAttribute('href', '/notifications');
  });

  it('shows loading, then "No notifications yet"', async () => {
    server.use(http.get(api('/notifications'), async () => {
      await delay(100);
      return HttpResponse.json(listBody([]));
    }));
    renderBell();
    const panel = await openBell();
    await waitFor(() => expect(panel.querySelector('[aria-busy="true"]')).not.toBeNull());
    expect(await within(panel).findByText('No notifications yet')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('shows the error with Try again, which asks again', async () => {
    let fail = true;
    server.use(http.get(api('/notifications'), () => (fail
      ? HttpResponse.json({ statusCode: 500, error: 'Internal Server Error', message: 'Database is down' } satisfies ErrorBody, { status: 500 })
      : HttpResponse.json(listBody([makeNotification()])))));
    renderBell();
    const panel = await openBell();
    expect(await within(panel).findByText('We could not load your notifications')).toBeInTheDocument();
    expect(within(panel).getByText('Database is down')).toBeInTheDocument();
    fail = false;
    fireEvent.click(within(panel).getByRole('button', { name: /try again/i }));
    expect(await within(panel).findByTestId('notification-item')).toHaveTextContent('tipped you');
  });

  it('clicking one marks it read, opens its link and closes; the figure is the server’s', async () => {
    const n = makeNotification({ link: '/post/abc' });
    const bodies: MarkReadBody[] = [];
    server.use(
      http.get(api('/notifications'), () => HttpResponse.json(listBody([n]))),
      http.post(api('/notifications/read'), async ({ request }) => {
        bodies.push((await request.json()) as MarkReadBody);
        return count(0);
      }),
    );
    const store = renderBell(makePerformer(), 1);
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 1 unread'));
    const panel = await openBell();
    const item = await within(panel).findByTestId('notification-item');
    expect(item).toHaveAttribute('href', '/post/abc');
    fireEvent.click(item);
    expect(push).toHaveBeenCalledWith('/post/abc');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 0 unread'));
    expect(bodies).toEqual([{ ids: [n._id] }]);
    expect(store.getState().notifications.latest[0].readAt).not.toBeNull();
  });

  it('a notification without a link is a button that marks it read', async () => {
    const n = makeNotification({ kind: 'verification_decided', actor: null, link: null, data: { status: 'approved' } });
    const bodies: MarkReadBody[] = [];
    server.use(
      http.get(api('/notifications'), () => HttpResponse.json(listBody([n]))),
      http.post(api('/notifications/read'), async ({ request }) => {
        bodies.push((await request.json()) as MarkReadBody);
        return count(0);
      }),
    );
    renderBell(makePerformer(), 1);
    const panel = await openBell();
    const item = await within(panel).findByTestId('notification-item');
    expect(item.tagName).toBe('BUTTON');
    expect(item).toHaveTextContent('Your identity was verified');
    fireEvent.click(item);
    await waitFor(() => expect(bodies).toEqual([{ ids: [n._id] }]));
    expect(push).not.toHaveBeenCalled();
  });

  it('"Mark all as read" marks every one read', async () => {
    let readAll = 0;
    server.use(
      http.get(api('/notifications'), () => HttpResponse.json(listBody([makeNotification(), makeNotification()].reverse()))),
      http.post(api('/notifications/read-all'), () => {
        readAll += 1;
        return count(0);
      }),
    );
    renderBell(makePerformer(), 2);
    const panel = await openBell();
    await within(panel).findAllByTestId('notification-item');
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Mark all as read' })).toBeEnabled());
    fireEvent.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 0 unread'));
    expect(readAll).toBe(1);
    expect(within(panel).queryByText('Unread')).not.toBeInTheDocument();
  });

  it('a notification arriving while it is open shows at the top', async () => {
    const old = makeNotification();
    server.use(http.get(api('/notifications'), () => HttpResponse.json(listBody([old]))));
    const store = renderBell();
    const panel = await openBell();
    await within(panel).findByTestId('notification-item');
    act(() => {
      store.dispatch(notificationReceived(makeNotification({ kind: 'subscriber_new' })));
    });
    const items = within(panel).getAllByTestId('notification-item');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Dana Fan subscribed to you');
  });

  it('takes the focus when open; Escape closes it and gives the focus back to the bell', async () => {
    server.use(http.get(api('/notifications'), () => HttpResponse.json(listBody([]))));
    renderBell();
    const panel = await openBell();
    await waitFor(() => expect(panel).toHaveFocus());
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bell()).toHaveFocus();
  });

  it('a click outside closes it', async () => {
    server.use(http.get(api('/notifications'), () => HttpResponse.json(listBody([]))));
    renderBell();
    await openBell();
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
