import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { DeleteAccountBody, DeletionCheck } from '@/common/contract/account-data';
import { DeleteAccountSection } from '@/client/features/account-data/components/delete-account-section';
import { api, installMswServer, serveSignedInBasics, server } from '../../../support/msw';
import { makeUser } from '../../fixtures';
import { renderWithStore } from '../videos/render-video';

const mockReplace = jest.fn(async () => true);
jest.mock('next/router', () => ({
  __esModule: true,
  default: { replace: (...args: unknown[]) => mockReplace(...(args as [])) },
  useRouter: () => ({ query: {}, pathname: '/user/account', asPath: '/user/account', push: jest.fn(), replace: jest.fn() }),
}));
jest.setTimeout(120_000);
installMswServer();
beforeEach(() => {
  serveSignedInBasics();
  mockReplace.mockClear();
});

const clean: DeletionCheck = {
  unpaidEarnings: 0, pendingPayouts: 0, walletBalance: 0, activeSubscriptions: 0, activeSubscribers: 0, hasPassword: true, canDelete: true, forfeits: false,
};

function serve(check: DeletionCheck, answer: (body: DeleteAccountBody) => Response | Promise<Response>) {
  const bodies: DeleteAccountBody[] = [];
  server.use(
    http.get(api('/users/me/deletion-check'), () => HttpResponse.json({ data: check })),
    http.delete(api('/users/me'), async ({ request }) => {
      const body = (await request.json()) as DeleteAccountBody;
      bodies.push(body);
      return answer(body);
    }),
  );
  return bodies;
}

async function openDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
  return screen.findByRole('dialog');
}

describe('Delete account', () => {
  it('asks for the password, shows the server\'s refusal under it, and signs out to the goodbye page on success', async () => {
    const bodies = serve(clean, (body) => (body.currentPassword === 'right password'
      ? HttpResponse.json({ data: { success: true } })
      : HttpResponse.json({ statusCode: 400, error: 'Bad Request', message: 'Your current password is incorrect', details: [{ field: 'currentPassword', message: 'Your current password is incorrect' }] }, { status: 400 })));
    const store = renderWithStore(<DeleteAccountSection />, makeUser());
    const dialog = await openDialog();
    const confirm = async () => fireEvent.click(screen.getAllByRole('button', { name: 'Delete my account' }).at(-1)!);
    await confirm();
    expect(await screen.findByText('Enter your password to delete your account')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    fireEvent.change(dialog.querySelector('input[type="password"]')!, { target: { value: 'wrong password' } });
    await confirm();
    expect(await screen.findByText('Your current password is incorrect')).toBeInTheDocument();
    expect(mockReplace).not.toHaveBeenCalled();

    const input = dialog.querySelector('input[type="password"]')!;
    fireEvent.change(input, { target: { value: 'right password' } });
    await confirm();
    await waitFor(() => expect(mockReplace).toHaveBeenCalledWith('/account-deleted'));
    expect(bodies.at(-1)).toEqual({ currentPassword: 'right password' });
    expect(store.getState().user.current._id).not.toBe(makeUser()._id);
  });

  it('warns a creator about unpaid earnings and makes them confirm the forfeit', async () => {
    const bodies = serve({ ...clean, unpaidEarnings: 42.5, activeSubscribers: 3, forfeits: true }, () => HttpResponse.json({ data: { success: true } }));
    renderWithStore(<DeleteAccountSection />, makeUser());
    expect(await screen.findByText('Money in your account will be lost')).toBeInTheDocument();
    expect(screen.getByText(/Earnings not yet paid out: 42.50 tokens/)).toBeInTheDocument();
    expect(screen.getByText(/Your 3 subscriber\(s\) lose access/)).toBeInTheDocument();
    const dialog = await openDialog();
    fireEvent.change(dialog.querySelector('input[type="password"]')!, { target: { value: 'pw' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete my account' }).at(-1)!);
    expect(await screen.findByText('Confirm that you understand the money is lost')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
    fireEvent.click(screen.getByRole('checkbox', { name: /money left in my account is lost/ }));
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete my account' }).at(-1)!);
    await waitFor(() => expect(bodies).toEqual([{ currentPassword: 'pw', acknowledgeForfeit: true }]));
  });

  it('cannot start while a payout is pending, and says why', async () => {
    serve({ ...clean, unpaidEarnings: 10, pendingPayouts: 50, canDelete: false, forfeits: true }, () => HttpResponse.json({ data: { success: true } }));
    renderWithStore(<DeleteAccountSection />, makeUser());
    expect(await screen.findByText('A payout of 50.00 tokens is pending')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete my account' })).toBeDisabled();
  });
});
