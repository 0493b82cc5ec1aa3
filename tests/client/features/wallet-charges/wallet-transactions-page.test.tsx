import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { WalletCharge } from '@/common/contract/wallet-charges';
import { WalletTransactionsPage } from '@/client/features/wallet-charges/components/wallet-transactions-page';
import { api, installMswServer, server } from '../../../support/msw';
import { makeUser } from '../../fixtures';
import { mockRouter } from '../discovery/render-page';
import { renderWithStore } from '../videos/render-video';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));
jest.setTimeout(180_000);

installMswServer();

const creator = { _id: 'c1', name: 'Aurora', username: 'aurora', avatar: 'http://api.test/a.webp', isPerformer: true, createdAt: '2024-01-01T00:00:00.000Z' };
const charge = (overrides: Partial<WalletCharge>): WalletCharge => ({
  _id: 'x', type: 'tip', amount: 10, commission: 2, net: 8, refunded: false, objectType: null, objectId: null, message: null,
  description: '', performer: creator, user: null, createdAt: '2026-03-01T12:00:00.000Z', ...overrides,
});

describe('/user/wallet-transactions', () => {
  it('lists my charges from the API, with paging in the query string', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get(api('/wallet/charges/search'), ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json({
          data: {
            data: [
              charge({ _id: 'a', type: 'video', amount: 12.5, objectType: 'video', objectId: 'v1' }),
              charge({ _id: 'b', type: 'tip', amount: 20, message: 'Thanks!', refunded: true }),
            ],
            total: 12,
          },
        });
      }),
    );
    const push = mockRouter({ current: '2' }, '/user/wallet-transactions');
    renderWithStore(<WalletTransactionsPage />, makeUser());
    expect(await screen.findByRole('link', { name: 'Video' })).toHaveAttribute('href', '/video/v1');
    expect(screen.getByText('12.50 tokens')).toBeInTheDocument();
    expect(screen.getByText('20.00 tokens')).toBeInTheDocument();
    expect(screen.getByText('Thanks!')).toBeInTheDocument();
    expect(screen.getByText('Refunded')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /aurora/i })[0]).toHaveAttribute('href', '/aurora');
    expect(asked[0].get('offset')).toBe('10');
    expect(asked[0].get('limit')).toBe('10');
    expect(asked[0].get('view')).toBe('spending');
    fireEvent.click(screen.getByTitle('1'));
    await waitFor(() => expect(push).toHaveBeenCalled());
  });

  it('shows the empty and the error state', async () => {
    server.use(http.get(api('/wallet/charges/search'), () => HttpResponse.json({ data: { data: [], total: 0 } })));
    mockRouter({}, '/user/wallet-transactions');
    renderWithStore(<WalletTransactionsPage />, makeUser());
    expect(await screen.findByText('You have not spent any tokens yet')).toBeInTheDocument();
  });

  it('shows the server\'s message when the list fails', async () => {
    server.use(http.get(api('/wallet/charges/search'), () => HttpResponse.json({ statusCode: 500, error: 'Internal Server Error', message: 'Something went wrong, please try again later' }, { status: 500 })));
    mockRouter({}, '/user/wallet-transactions');
    renderWithStore(<WalletTransactionsPage />, makeUser());
    expect(await screen.findByText('We could not load your spending')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /try again/i })).toBeInTheDocument();
  });
});
