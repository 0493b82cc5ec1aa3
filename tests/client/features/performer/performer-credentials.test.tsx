import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ErrorBody } from '@/common/contract/common';
import type { PerformerAccount, PerformerUpdate } from '@/common/contract/performers';
import { toast } from '@/client/lib/toast';
import { api, installMswServer, server } from '../../../support/msw';
import { installMatchMedia } from '../../components/match-media';
import { makePerformer } from '../../fixtures';
import { makePerformerAccount } from './performer-fixtures';
import { renderAccountPage, submit } from './account-page-harness';

const mockRouter = { query: {} as Record<string, string>, pathname: '/creator/account', asPath: '/creator/account', replace: jest.fn(), push: jest.fn() };
jest.mock('next/router', () => ({ __esModule: true, default: { push: jest.fn(), replace: jest.fn() }, useRouter: () => mockRouter }));
jest.setTimeout(60_000);

installMswServer();
beforeAll(() => installMatchMedia(false));

const SENT = 'We sent a confirmation link to aurora.new@example.com. Your email address changes when you open it.';
let account: PerformerAccount;
let updates: PerformerUpdate[];
let passwordBodies: unknown[];
let meCalls: number;

beforeEach(() => {
  mockRouter.query = {};
  account = makePerformerAccount();
  updates = [];
  passwordBodies = [];
  meCalls = 0;
  jest.spyOn(toast, 'success').mockImplementation(() => undefined);
  jest.spyOn(toast, 'error').mockImplementation(() => undefined);
  server.use(
    http.get(api('/performers/me'), () => HttpResponse.json({ data: account })),
    http.get(api('/users/me/warnings'), () => HttpResponse.json({ data: [] })),
    http.get(api('/follows/following/ids'), () => HttpResponse.json({ data: [] })),
    http.get(api('/messages/total-unread-messages'), () => HttpResponse.json({ data: { total: 0 } })),
    http.get(api('/languages/list'), () => HttpResponse.json({ data: [] })),
    http.get(api('/countries/list'), () => HttpResponse.json({ data: [{ name: 'Norway', code: 'NO' }] })),
    http.get(api('/users/me'), () => {
      meCalls += 1;
      return HttpResponse.json({ data: { ...makePerformer({ _id: account._id, email: account.email }), pendingEmail: 'aurora.new@example.com' } });
    }),
  );
});
afterEach(() => jest.restoreAllMocks());

function setup(tab?: string) {
  if (tab) mockRouter.query = { tab };
  return renderAccountPage(account, { email: account.email });
}

const itemOf = (label: string) => screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;

describe('creator account: email change', () => {
  it('needs no current password while the email is unchanged', async () => {
    server.use(http.put(api('/performers/me'), async ({ request }) => {
      updates.push((await request.json()) as PerformerUpdate);
      return HttpResponse.json({ data: account });
    }));
    setup();
    fireEvent.change(await screen.findByLabelText('City'), { target: { value: 'Bergen' } });
    expect(screen.queryByLabelText('Current password')).toBeNull();
    await submit('Save profile');
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]).not.toHaveProperty('currentPassword');
  });

  it('asks for the current password with a new email, sends it and says where the link went', async () => {
    server.use(http.put(api('/performers/me'), async ({ request }) => {
      updates.push((await request.json()) as PerformerUpdate);
      return HttpResponse.json({ data: account, message: SENT });
    }));
    const { store } = setup();
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'aurora.new@example.com' } });
    await screen.findByLabelText('Current password');
    await submit('Save profile');
    expect(await within(itemOf('Current password')).findByText('Please enter your current password')).toBeInTheDocument();
    expect(updates).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'aurora-pass' } });
    await submit('Save profile');
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]).toMatchObject({ email: 'aurora.new@example.com', currentPassword: 'aurora-pass' });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(SENT));
    expect(await screen.findByText('We sent a confirmation link to aurora.new@example.com')).toBeInTheDocument();
    expect(meCalls).toBeGreaterThan(0);
    expect(store.getState().user.current.email).toBe(account.email);
  });

  it('shows the server error for a wrong current password under that field', async () => {
    const wrong: ErrorBody = {
      statusCode: 400, error: 'Bad Request', message: 'Your current password is incorrect',
      details: [{ field: 'currentPassword', message: 'Your current password is incorrect' }],
    };
    server.use(http.put(api('/performers/me'), () => HttpResponse.json(wrong, { status: 400 })));
    setup();
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'aurora.new@example.com' } });
    fireEvent.change(await screen.findByLabelText('Current password'), { target: { value: 'wrong-pass' } });
    await submit('Save profile');
    expect(await within(itemOf('Current password')).findByText('Your current password is incorrect')).toBeInTheDocument();
    expect(toast.error).not.toHaveBeenCalled();
  });
});

describe('creator account: password tab', () => {
  it('sends the current password with the new one and shows a wrong one under its field', async () => {
    server.use(http.put(api('/auth/users/me/password'), async ({ request }) => {
      passwordBodies.push(await request.json());
      return HttpResponse.json(
        { statusCode: 400, error: 'Bad Request', message: 'Your current password is incorrect', details: [{ field: 'currentPassword', message: 'Your current password is incorrect' }] },
        { status: 400 },
      );
    }));
    setup('password');
    fireEvent.change(await screen.findByLabelText('Current password'), { target: { value: 'wrong-pass' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'brand-new-pass' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'brand-new-pass' } });
    await submit('Change password');
    await waitFor(() => expect(passwordBodies).toEqual([{ password: 'brand-new-pass', source: 'performer', currentPassword: 'wrong-pass' }]));
    expect(await within(itemOf('Current password')).findByText('Your current password is incorrect')).toBeInTheDocument();
  });
});
