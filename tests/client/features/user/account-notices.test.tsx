import { cleanup, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { AccountNotice } from '@/common/contract/users';
import { AccountNotices } from '@/client/features/user/components/account-notices';
import { AccountPage } from '@/client/features/user/components/account-page';
import { api, installMswServer, server } from '../../../support/msw';
import { makeUser } from '../../fixtures';
import { renderWithStore } from '../videos/render-video';

jest.mock('next/router', () => ({ useRouter: () => ({ query: {}, pathname: '/user/account', asPath: '/user/account', push: jest.fn(), replace: jest.fn() }) }));
jest.setTimeout(120_000);
installMswServer();
beforeEach(() => {
  // What a signed-in store asks for on its own.
  server.use(
    http.get(api('/follows/following/ids'), () => HttpResponse.json({ data: [] })),
    http.get(api('/messages/total-unread-messages'), () => HttpResponse.json({ data: { total: 0 } })),
  );
});

function warningsAre(notices: AccountNotice[] | 'error') {
  let calls = 0;
  server.use(http.get(api('/users/me/warnings'), () => {
    calls += 1;
    return notices === 'error'
      ? HttpResponse.json({ statusCode: 500, error: 'Internal Server Error', message: 'Down' }, { status: 500 })
      : HttpResponse.json({ data: notices });
  }));
  return () => calls;
}

describe('Notices from the operators', () => {
  it('lists the person\'s warnings, newest first as the server gives them', async () => {
    warningsAre([
      { _id: 'w2', reason: 'Second: last warning', createdAt: '2026-02-02T10:00:00.000Z' },
      { _id: 'w1', reason: 'First: keep it civil', createdAt: '2026-01-02T10:00:00.000Z' },
    ]);
    renderWithStore(<AccountNotices />, makeUser());
    expect(await screen.findByText('Notices from the operators')).toBeInTheDocument();
    const reasons = screen.getAllByText(/warning|civil/).map((e) => e.textContent);
    expect(reasons).toEqual(['Second: last warning', 'First: keep it civil']);
    expect(screen.getByText(/Feb 2, 2026/)).toBeInTheDocument();
  });

  it('shows nothing when there are none, or when they cannot be loaded', async () => {
    const answers: (AccountNotice[] | 'error')[] = [[], 'error'];
    for (const answer of answers) {
      const calls = warningsAre(answer);
      renderWithStore(<AccountNotices />, makeUser());
      await waitFor(() => expect(calls()).toBeGreaterThan(0));
      await new Promise((r) => setTimeout(r, 50));
      expect(screen.queryByText('Notices from the operators')).toBeNull();
      cleanup();
    }
  });

  it('is part of the fan\'s account page', async () => {
    warningsAre([{ _id: 'w1', reason: 'Please stop the spam', createdAt: '2026-01-02T10:00:00.000Z' }]);
    renderWithStore(<AccountPage />, makeUser());
    expect(await screen.findByText('Please stop the spam')).toBeInTheDocument();
    expect(screen.getByText('Account settings')).toBeInTheDocument();
  });
});
