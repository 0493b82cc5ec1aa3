import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { UnlockPrompt } from '@/client/features/content/components/unlock-prompt';
import { TipButton } from '@/client/features/wallet-charges/components/tip-button';
import { toast } from '@/client/lib/toast';
import { api, installMswServer, server } from '../../../support/msw';
import { makeUser } from '../../fixtures';
import { renderWithStore } from '../videos/render-video';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));
const socketHandlers = new Map<string, (payload: unknown) => void>();
jest.mock('@/client/lib/socket', () => ({
  socketService: {
    connect: jest.fn(),
    disconnect: jest.fn(),
    on: jest.fn((event: string, handler: (payload: unknown) => void) => socketHandlers.set(event, handler)),
    off: jest.fn((event: string) => socketHandlers.delete(event)),
  },
}));
/** The server's `balance_updated`, as it lands while the charge's HTTP answer is still on its way. */
const pushBalance = (balance: number) => socketHandlers.get('balance_updated')?.({ balance });
jest.setTimeout(180_000);

installMswServer();
afterEach(() => jest.restoreAllMocks());

const VIDEO_ID = '5f0c6a3e-1111-4222-8333-444455556666';
const CREATOR_ID = '7a0c6a3e-1111-4222-8333-444455556666';

describe('UnlockPrompt for an item for sale', () => {
  it('confirms price and balance, pays, applies the new balance and reloads the item', async () => {
    const success = jest.spyOn(toast, 'success').mockImplementation(() => undefined);
    let key: string | null = null;
    server.use(
      http.post(api(`/wallet/charges/video/${VIDEO_ID}`), ({ request }) => {
        key = request.headers.get('idempotency-key');
        return HttpResponse.json({ data: { transactionId: 't1', balance: 4.5, amount: 5.5, item: { type: 'video', id: VIDEO_ID } } });
      }),
    );
    const onUnlocked = jest.fn();
    const store = renderWithStore(
      <UnlockPrompt access="sale" price={5.5} performerHref="/aurora" item={{ type: 'video', id: VIDEO_ID }} onUnlocked={onUnlocked} />,
      makeUser({ balance: 10 }),
    );
    fireEvent.click(screen.getByRole('button', { name: /unlock for 5\.50 tokens/i }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Unlock this video')).toBeInTheDocument();
    expect(within(dialog).getByText('5.50 tokens')).toBeInTheDocument();
    expect(within(dialog).getByText('10.00 tokens')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: /pay 5\.50 tokens/i }));
    await waitFor(() => expect(onUnlocked).toHaveBeenCalled());
    expect(store.getState().user.current.balance).toBe(4.5);
    expect(success).toHaveBeenCalledWith('Video unlocked');
    expect(key).toEqual(expect.any(String));
  });

  it('shows the server balance once when balance_updated lands before the HTTP answer', async () => {
    jest.spyOn(toast, 'success').mockImplementation(() => undefined);
    server.use(
      http.post(api(`/wallet/charges/video/${VIDEO_ID}`), () => {
        pushBalance(4.5);
        return HttpResponse.json({ data: { transactionId: 't1', balance: 4.5, amount: 5.5, item: { type: 'video', id: VIDEO_ID } } });
      }),
    );
    const onUnlocked = jest.fn();
    const store = renderWithStore(
      <UnlockPrompt access="sale" price={5.5} performerHref="/aurora" item={{ type: 'video', id: VIDEO_ID }} onUnlocked={onUnlocked} />,
      makeUser({ balance: 10 }),
    );
    fireEvent.click(screen.getByRole('button', { name: /unlock for 5\.50 tokens/i }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /pay 5\.50 tokens/i }));
    await waitFor(() => expect(onUnlocked).toHaveBeenCalled());
    expect(store.getState().user.current.balance).toBe(4.5);
  });

  it('on 402 says how much is missing and links to the wallet, changing nothing', async () => {
    server.use(
      http.post(api(`/wallet/charges/video/${VIDEO_ID}`), () =>
        HttpResponse.json({ statusCode: 402, error: 'Payment Required', message: 'Not enough tokens: 3.00 more needed', missingAmount: 3 }, { status: 402 }),
      ),
    );
    const onUnlocked = jest.fn();
    const store = renderWithStore(
      <UnlockPrompt access="sale" price={5} performerHref="/aurora" item={{ type: 'video', id: VIDEO_ID }} onUnlocked={onUnlocked} />,
      makeUser({ balance: 10 }),
    );
    fireEvent.click(screen.getByRole('button', { name: /unlock for 5\.00 tokens/i }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /pay 5\.00 tokens/i }));
    expect(await within(dialog).findByText('You need 3.00 tokens more')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Top up your wallet' })).toHaveAttribute('href', '/wallet');
    expect(onUnlocked).not.toHaveBeenCalled();
    expect(store.getState().user.current.balance).toBe(10);
  });

  it('keeps the subscribers-only prompt pointing to the subscribe box', () => {
    renderWithStore(<UnlockPrompt access="subscribers" price={0} performerHref="/aurora" />, makeUser());
    expect(screen.getByRole('link', { name: /see subscription options/i })).toHaveAttribute('href', '/aurora#subscribe');
  });
});

describe('TipButton', () => {
  it('checks the amount as the server does, then sends the tip and applies the balance', async () => {
    const success = jest.spyOn(toast, 'success').mockImplementation(() => undefined);
    let sent: unknown = null;
    server.use(
      http.post(api(`/wallet/charges/tip/${CREATOR_ID}`), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ data: { transactionId: 't2', balance: 30, performerId: CREATOR_ID, amount: 20 } });
      }),
    );
    const store = renderWithStore(<TipButton performer={{ _id: CREATOR_ID, name: 'Aurora' }} />, makeUser({ balance: 50 }));
    fireEvent.click(screen.getByRole('button', { name: /send tip/i }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Send a tip to Aurora')).toBeInTheDocument();
    const amount = within(dialog).getByLabelText('Amount (tokens)');
    const submit = within(dialog).getByRole('button', { name: /send tip/i });

    fireEvent.change(amount, { target: { value: '5' } });
    fireEvent.click(submit);
    expect(await within(dialog).findByText('Tip amount must be between 10.00 and 10,000.00 tokens')).toBeInTheDocument();

    fireEvent.change(amount, { target: { value: '12.345' } });
    fireEvent.click(submit);
    expect(await within(dialog).findByText('At most two decimals')).toBeInTheDocument();
    expect(sent).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: '20' }));
    fireEvent.change(within(dialog).getByLabelText('Message (optional)'), { target: { value: '  Great show!  ' } });
    fireEvent.click(submit);
    await waitFor(() => expect(success).toHaveBeenCalledWith('Tip of 20.00 tokens sent to Aurora'));
    expect(sent).toEqual({ amount: 20, message: 'Great show!' });
    expect(store.getState().user.current.balance).toBe(30);
  });

  it('shows the server balance once when balance_updated lands before the HTTP answer', async () => {
    jest.spyOn(toast, 'success').mockImplementation(() => undefined);
    server.use(
      http.post(api(`/wallet/charges/tip/${CREATOR_ID}`), () => {
        pushBalance(135.41);
        return HttpResponse.json({ data: { transactionId: 't3', balance: 135.41, performerId: CREATOR_ID, amount: 10 } });
      }),
    );
    const store = renderWithStore(<TipButton performer={{ _id: CREATOR_ID, name: 'Aurora' }} />, makeUser({ balance: 145.41 }));
    fireEvent.click(screen.getByRole('button', { name: /send tip/i }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Amount (tokens)'), { target: { value: '10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /send tip/i }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(store.getState().user.current.balance).toBe(135.41);
    pushBalance(135.41);
    expect(store.getState().user.current.balance).toBe(135.41);
  });

  it('is not offered on your own profile', () => {
    renderWithStore(<TipButton performer={{ _id: CREATOR_ID, name: 'Aurora' }} />, makeUser({ _id: CREATOR_ID, role: 'performer', isPerformer: true }));
    expect(screen.queryByRole('button', { name: /send tip/i })).not.toBeInTheDocument();
  });
});
