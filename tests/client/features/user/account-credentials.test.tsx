import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ErrorBody } from '@/common/contract/common';
import type { CurrentUser } from '@/common/contract/users';
import { AccountForm } from '@/client/features/user/components/account-form';
import { PasswordForm } from '@/client/features/user/components/password-form';
import { setRuntimeConfig } from '@/client/lib/runtime-config';
import { toast } from '@/client/lib/toast';
import { api, installMswServer, server } from '../../../support/msw';
import { makeUser } from '../../fixtures';
import { renderWithStore } from '../videos/render-video';

jest.mock('next/router', () => ({ useRouter: () => ({ query: {}, pathname: '/user/account', asPath: '/user/account', push: jest.fn(), replace: jest.fn() }) }));
jest.setTimeout(60_000);
installMswServer();

const WRONG: ErrorBody = {
  statusCode: 400,
  error: 'Bad Request',
  message: 'Your current password is incorrect',
  details: [{ field: 'currentPassword', message: 'Your current password is incorrect' }],
};

let profileBodies: Record<string, unknown>[];
let passwordBodies: Record<string, unknown>[];
beforeEach(() => {
  setRuntimeConfig({ apiEndpoint: 'http://api.test', clientHashPassword: false });
  profileBodies = [];
  passwordBodies = [];
  jest.spyOn(toast, 'success').mockImplementation(() => undefined);
  jest.spyOn(toast, 'error').mockImplementation(() => undefined);
  server.use(
    http.get(api('/users/me/warnings'), () => HttpResponse.json({ data: [] })),
    http.get(api('/follows/following/ids'), () => HttpResponse.json({ data: [] })),
    http.get(api('/messages/total-unread-messages'), () => HttpResponse.json({ data: { total: 0 } })),
  );
});
afterEach(() => jest.restoreAllMocks());

/** The two forms of the fan's account page that change credentials (account-page.tsx renders both). */
const AccountPage = () => (
  <>
    <AccountForm />
    <PasswordForm source="user" />
  </>
);

const profileForm = () => document.querySelector('form#account') as HTMLFormElement;
const passwordForm = () => document.querySelector('form#password') as HTMLFormElement;
const itemIn = (form: HTMLElement, label: string) => within(form).getByLabelText(label).closest('.ant-form-item') as HTMLElement;
const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });
const click = async (form: HTMLElement, text: string) => {
  await act(async () => {
    fireEvent.click(within(form).getByText(text).closest('button')!);
  });
};

function answerProfile(answer: (body: Record<string, unknown>) => Response) {
  server.use(
    http.put(api('/users'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      profileBodies.push(body);
      return answer(body);
    }),
  );
}

/** PUT /auth/users/me/password answers success and keeps each body in `passwordBodies`. */
function servePasswordChange() {
  server.use(
    http.put(api('/auth/users/me/password'), async ({ request }) => {
      passwordBodies.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json({ data: { success: true } });
    }),
  );
}

describe('fan account page: password', () => {
  it('asks for the current password and sends it with the new one', async () => {
    servePasswordChange();
    renderWithStore(<AccountPage />, makeUser());
    const form = passwordForm();
    type(within(form).getByLabelText('New password'), 'brand-new-pass');
    type(within(form).getByLabelText('Confirm new password'), 'brand-new-pass');
    await click(form, 'Change password');
    expect(await within(itemIn(form, 'Current password')).findByText('Please enter your current password')).toBeInTheDocument();
    expect(passwordBodies).toHaveLength(0);

    type(within(form).getByLabelText('Current password'), 'the-old-pass');
    await click(form, 'Change password');
    await waitFor(() => expect(passwordBodies).toEqual([{ password: 'brand-new-pass', source: 'user', currentPassword: 'the-old-pass' }]));
    await waitFor(() => expect((within(form).getByLabelText('Current password') as HTMLInputElement).value).toBe(''));
  });

  it('shows the server error under Current password of the password form only', async () => {
    server.use(http.put(api('/auth/users/me/password'), () => HttpResponse.json(WRONG, { status: 400 })));
    renderWithStore(<AccountPage />, makeUser());
    const form = passwordForm();
    type(within(form).getByLabelText('Current password'), 'a-wrong-pass');
    type(within(form).getByLabelText('New password'), 'brand-new-pass');
    type(within(form).getByLabelText('Confirm new password'), 'brand-new-pass');
    // The profile form shows its own current password field while its email is being changed.
    type(within(profileForm()).getByLabelText('Email'), 'other@example.com');
    await within(profileForm()).findByLabelText('Current password');
    await click(form, 'Change password');
    expect(await within(itemIn(form, 'Current password')).findByText('Your current password is incorrect')).toBeInTheDocument();
    expect(within(itemIn(profileForm(), 'Current password')).queryByText('Your current password is incorrect')).toBeNull();
  });

  it('hashes the current password too when the client-hash flag is on', async () => {
    setRuntimeConfig({ apiEndpoint: 'http://api.test', clientHashPassword: true });
    servePasswordChange();
    renderWithStore(<AccountPage />, makeUser());
    const form = passwordForm();
    type(within(form).getByLabelText('Current password'), 'abc');
    type(within(form).getByLabelText('New password'), 'brand-new-pass');
    type(within(form).getByLabelText('Confirm new password'), 'brand-new-pass');
    await click(form, 'Change password');
    await waitFor(() => expect(passwordBodies).toHaveLength(1));
    expect(passwordBodies[0].currentPassword).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('fan account page: email', () => {
  it('saves the name without a current password while the email stays the same', async () => {
    answerProfile((body) => HttpResponse.json({ data: makeUser({ name: String(body.name) }) }));
    renderWithStore(<AccountPage />, makeUser());
    const form = profileForm();
    expect(within(form).queryByLabelText('Current password')).toBeNull();
    type(within(form).getByLabelText('Name'), 'Fan Renamed');
    await click(form, 'Save changes');
    await waitFor(() => expect(profileBodies).toEqual([{ name: 'Fan Renamed', username: 'fan1', email: 'fan1@example.com' }]));
  });

  it('asks for the current password for a new email, sends it and says where the link went', async () => {
    answerProfile(() =>
      HttpResponse.json({
        data: makeUser({ pendingEmail: 'new@example.com' } as Partial<CurrentUser>),
        message: 'We sent a confirmation link to new@example.com. Your email address changes when you open it.',
      }),
    );
    renderWithStore(<AccountPage />, makeUser());
    const form = profileForm();
    type(within(form).getByLabelText('Email'), 'new@example.com');
    await within(form).findByLabelText('Current password');
    await click(form, 'Save changes');
    expect(await within(itemIn(form, 'Current password')).findByText('Please enter your current password')).toBeInTheDocument();
    expect(profileBodies).toHaveLength(0);

    type(within(form).getByLabelText('Current password'), 'my-password');
    await click(form, 'Save changes');
    await waitFor(() => expect(profileBodies).toHaveLength(1));
    expect(profileBodies[0]).toMatchObject({ email: 'new@example.com', currentPassword: 'my-password' });
    expect(await screen.findByText('We sent a confirmation link to new@example.com')).toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith('We sent a confirmation link to new@example.com. Your email address changes when you open it.');
    // The field shows the address in use again; the new one is pending.
    await waitFor(() => expect((within(form).getByLabelText('Email') as HTMLInputElement).value).toBe('fan1@example.com'));
    expect(within(form).queryByLabelText('Current password')).toBeNull();
  });

  it('shows a wrong current password under its field', async () => {
    answerProfile(() => HttpResponse.json(WRONG, { status: 400 }));
    renderWithStore(<AccountPage />, makeUser());
    const form = profileForm();
    type(within(form).getByLabelText('Email'), 'new@example.com');
    type(await within(form).findByLabelText('Current password'), 'wrong-one');
    await click(form, 'Save changes');
    expect(await within(itemIn(form, 'Current password')).findByText('Your current password is incorrect')).toBeInTheDocument();
    expect(within(itemIn(passwordForm(), 'Current password')).queryByText('Your current password is incorrect')).toBeNull();
  });

  it('tells an account without a password that a recent sign-in is needed instead', async () => {
    renderWithStore(<AccountPage />, makeUser({ hasPassword: false } as Partial<CurrentUser>));
    type(within(profileForm()).getByLabelText('Email'), 'new@example.com');
    expect(await within(profileForm()).findByText('Your account has no password')).toBeInTheDocument();
    expect(within(profileForm()).queryByLabelText('Current password')).toBeNull();
  });
});
