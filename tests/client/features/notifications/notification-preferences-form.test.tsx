import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { NotificationPreferences, UpdateNotificationPreferencesBody } from '@/common/contract/notifications';
import type { ErrorBody } from '@/common/contract/common';
import type { DeletionCheck } from '@/common/contract/account-data';
import { EMAIL_BY_DEFAULT, NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS_BY_ROLE } from '@/common/lib/notification-text';
import { NotificationPreferencesForm } from '@/client/features/notifications/components/notification-preferences-form';
import { PerformerAccountPage } from '@/client/features/performer/components/performer-account-page';
import { AccountPage } from '@/client/features/user/components/account-page';
import { toast } from '@/client/lib/toast';
import { api, installMswServer, server, serveSignedInBasics } from '../../../support/msw';
import { makePerformer, makeUser } from '../../fixtures';
import { mockRouter, renderPage } from '../discovery/render-page';
import { makePerformerAccount } from '../performer/performer-fixtures';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));
jest.mock('@/client/lib/socket', () => ({ socketService: { connect: jest.fn(), disconnect: jest.fn(), on: jest.fn(), off: jest.fn(), subscribe: jest.fn(() => () => undefined) } }));
jest.setTimeout(60_000);

installMswServer();

/** What the server answers for a role: its kinds with the defaults (in the app on, email for the important kinds). */
const defaultsFor = (role: 'user' | 'performer'): NotificationPreferences => ({
  kinds: NOTIFICATION_KINDS_BY_ROLE[role].map((kind) => ({ kind, inApp: true, email: EMAIL_BY_DEFAULT.includes(kind) })),
});

let success: jest.SpyInstance;
let failure: jest.SpyInstance;
beforeEach(() => {
  serveSignedInBasics();
  mockRouter({}, '/user/account');
  success = jest.spyOn(toast, 'success').mockImplementation(() => undefined);
  failure = jest.spyOn(toast, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

const switchOf = (label: string, channel: 'in the app' | 'email') => screen.getByRole('switch', { name: `${label}: ${channel}` });
const saveButton = () => screen.getByText('Save').closest('button')!;

describe('notification settings', () => {
  it("lists a fan's kinds with their two switches as the server has them", async () => {
    server.use(http.get(api('/notifications/preferences'), () => HttpResponse.json({ data: defaultsFor('user') })));
    renderPage(<NotificationPreferencesForm />, makeUser());
    const table = await screen.findByRole('table', { name: 'Notification settings' });
    const rows = within(table).getAllByRole('rowheader').map((r) => r.textContent);
    expect(rows).toEqual(NOTIFICATION_KINDS_BY_ROLE.user.map((k) => NOTIFICATION_KIND_LABELS[k]));
    expect(switchOf('Orders', 'in the app')).toBeChecked();
    expect(switchOf('Orders', 'email')).toBeChecked();
    expect(switchOf('Replies to my comments', 'email')).not.toBeChecked();
    expect(saveButton()).toBeDisabled();
  });

  it("lists a creator's kinds (none of a fan's alone)", async () => {
    server.use(http.get(api('/notifications/preferences'), () => HttpResponse.json({ data: defaultsFor('performer') })));
    renderPage(<NotificationPreferencesForm />, makePerformer());
    const table = await screen.findByRole('table', { name: 'Notification settings' });
    expect(within(table).getAllByRole('rowheader')).toHaveLength(NOTIFICATION_KINDS_BY_ROLE.performer.length);
    expect(within(table).getByText('Tips')).toBeInTheDocument();
    expect(within(table).queryByText(NOTIFICATION_KIND_LABELS.creator_posted)).not.toBeInTheDocument();
  });

  it("saves only the kinds that changed with PUT /notifications/preferences and says 'Changes saved'", async () => {
    const puts: UpdateNotificationPreferencesBody[] = [];
    server.use(
      http.get(api('/notifications/preferences'), () => HttpResponse.json({ data: defaultsFor('performer') })),
      http.put(api('/notifications/preferences'), async ({ request }) => {
        const body = (await request.json()) as UpdateNotificationPreferencesBody;
        puts.push(body);
        const next = defaultsFor('performer').kinds.map((p) => ({ ...p, ...body.kinds.find((k) => k.kind === p.kind) }));
        return HttpResponse.json({ data: { kinds: next } satisfies NotificationPreferences });
      }),
    );
    renderPage(<NotificationPreferencesForm />, makePerformer());
    await screen.findByRole('table');
    fireEvent.click(switchOf('Tips', 'email'));
    fireEvent.click(switchOf('Likes', 'in the app'));
    // Switched back: not a change.
    fireEvent.click(switchOf('New followers', 'email'));
    fireEvent.click(switchOf('New followers', 'email'));
    expect(saveButton()).toBeEnabled();
    await act(async () => {
      fireEvent.click(saveButton());
    });
    await waitFor(() => expect(success).toHaveBeenCalledWith('Changes saved'));
    expect(puts).toEqual([{ kinds: [
      { kind: 'tip_received', inApp: true, email: true },
      { kind: 'like_new', inApp: false, email: false },
    ] }]);
    expect(switchOf('Tips', 'email')).toBeChecked();
    expect(switchOf('Likes', 'in the app')).not.toBeChecked();
    await waitFor(() => expect(saveButton()).toBeDisabled());
  });

  it('holds Email off while In the app is off (the server mails only what it shows), keeping its setting', async () => {
    const puts: UpdateNotificationPreferencesBody[] = [];
    server.use(
      http.get(api('/notifications/preferences'), () => HttpResponse.json({ data: defaultsFor('user') })),
      http.put(api('/notifications/preferences'), async ({ request }) => {
        puts.push((await request.json()) as UpdateNotificationPreferencesBody);
        return HttpResponse.json({ data: defaultsFor('user') });
      }),
    );
    renderPage(<NotificationPreferencesForm />, makeUser());
    await screen.findByRole('table');
    fireEvent.click(switchOf('Orders', 'in the app'));
    expect(switchOf('Orders', 'email')).not.toBeChecked();
    expect(switchOf('Orders', 'email')).toBeDisabled();
    fireEvent.click(switchOf('Orders', 'in the app'));
    expect(switchOf('Orders', 'email')).toBeChecked();
    expect(switchOf('Orders', 'email')).toBeEnabled();
    fireEvent.click(switchOf('Orders', 'in the app'));
    await act(async () => {
      fireEvent.click(saveButton());
    });
    await waitFor(() => expect(puts).toEqual([{ kinds: [{ kind: 'order_status', inApp: false, email: true }] }]));
  });

  it("keeps the changes and shows the server's message when saving fails", async () => {
    server.use(
      http.get(api('/notifications/preferences'), () => HttpResponse.json({ data: defaultsFor('user') })),
      http.put(api('/notifications/preferences'), () => HttpResponse.json({ statusCode: 400, error: 'Bad Request', message: 'tip_received is not a notification for your account' } satisfies ErrorBody, { status: 400 })),
    );
    renderPage(<NotificationPreferencesForm />, makeUser());
    await screen.findByRole('table');
    fireEvent.click(switchOf('Orders', 'email'));
    await act(async () => {
      fireEvent.click(saveButton());
    });
    await waitFor(() => expect(failure).toHaveBeenCalledWith('tip_received is not a notification for your account'));
    expect(switchOf('Orders', 'email')).not.toBeChecked();
    expect(saveButton()).toBeEnabled();
    expect(success).not.toHaveBeenCalled();
  });

  it("says 'Error occurred, please try again later' when the server cannot be reached", async () => {
    server.use(
      http.get(api('/notifications/preferences'), () => HttpResponse.json({ data: defaultsFor('user') })),
      http.put(api('/notifications/preferences'), () => HttpResponse.error()),
    );
    renderPage(<NotificationPreferencesForm />, makeUser());
    await screen.findByRole('table');
    fireEvent.click(switchOf('Orders', 'email'));
    await act(async () => {
      fireEvent.click(saveButton());
    });
    await waitFor(() => expect(failure).toHaveBeenCalledWith('Error occurred, please try again later'));
  });

  it('shows loading, then an error with Try again', async () => {
    let fail = true;
    server.use(http.get(api('/notifications/preferences'), () => (fail
      ? HttpResponse.json({ statusCode: 500, error: 'Internal Server Error', message: 'Database is down' } satisfies ErrorBody, { status: 500 })
      : HttpResponse.json({ data: defaultsFor('user') }))));
    renderPage(<NotificationPreferencesForm />, makeUser());
    expect(document.querySelector('.ant-skeleton')).not.toBeNull();
    expect(await screen.findByText('We could not load your notification settings')).toBeInTheDocument();
    expect(screen.getByText('Database is down')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /try again/i }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });
});

describe('where the settings are', () => {
  beforeEach(() => {
    // The rest of the account pages: no warnings, no export, nothing that stops a deletion.
    const check: DeletionCheck = { unpaidEarnings: 0, pendingPayouts: 0, walletBalance: 0, activeSubscriptions: 0, activeSubscribers: 0, hasPassword: true, canDelete: true, forfeits: false };
    server.use(
      http.get(api('/users/me/warnings'), () => HttpResponse.json({ data: [] })),
      http.get(api('/users/me/export'), () => HttpResponse.json({ data: null })),
      http.get(api('/users/me/deletion-check'), () => HttpResponse.json({ data: check })),
    );
  });

  it("are the Notifications tab of a creator's account (?tab=notifications)", async () => {
    const account = makePerformerAccount();
    server.use(
      http.get(api('/performers/me'), () => HttpResponse.json({ data: account })),
      http.get(api('/notifications/preferences'), () => HttpResponse.json({ data: defaultsFor('performer') })),
    );
    mockRouter({ tab: 'notifications' }, '/creator/account');
    renderPage(<PerformerAccountPage />, makePerformer({ _id: account._id }));
    expect(await screen.findByRole('table', { name: 'Notification settings' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Notifications', selected: true })).toBeInTheDocument();
  });

  it("are a section of a fan's account settings", async () => {
    server.use(http.get(api('/notifications/preferences'), () => HttpResponse.json({ data: defaultsFor('user') })));
    renderPage(<AccountPage />, makeUser());
    expect(await screen.findByRole('table', { name: 'Notification settings' })).toBeInTheDocument();
    expect(screen.getByText('Notifications', { selector: '.ant-card-head-title' })).toBeInTheDocument();
  });
});
