import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { BlockedUser } from '@/common/contract/social';
import type { UserPublic } from '@/common/contract/users';
import { BlacklistPage } from '@/client/features/blocking/components/blacklist-page';
import { toast } from '@/client/lib/toast';
import { api, installMswServer, server } from '../../../support/msw';
import { makePerformer } from '../../fixtures';
import { makeFan, mockRouter, renderPage } from '../discovery/render-page';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));

installMswServer();

let successToast: jest.SpyInstance;
let errorToast: jest.SpyInstance;
beforeEach(() => {
  successToast = jest.spyOn(toast, 'success').mockImplementation(() => undefined);
  errorToast = jest.spyOn(toast, 'error').mockImplementation(() => undefined);
  mockRouter({}, '/creator/blacklist');
});
afterEach(() => {
  successToast.mockRestore();
  errorToast.mockRestore();
});

const blockOf = (user: UserPublic, reason = ''): BlockedUser => ({ _id: user._id, user, reason, createdAt: '2025-04-02T12:00:00.000Z' });

/** A small in-memory blacklist behind the three endpoints. */
function blacklistApi(initial: BlockedUser[], fans: UserPublic[] = []) {
  let list = [...initial];
  const deleted: string[] = [];
  const posted: unknown[] = [];
  server.use(
    http.get(api('/block/users'), () => HttpResponse.json({ data: { data: list, total: list.length } })),
    http.delete(api('/block/users/:id'), ({ params }) => {
      deleted.push(String(params.id));
      list = list.filter((b) => b._id !== params.id);
      return HttpResponse.json({ data: { success: true } });
    }),
    http.post(api('/block/users'), async ({ request }) => {
      const body = (await request.json()) as { userId: string; reason?: string };
      posted.push(body);
      const user = fans.find((f) => f._id === body.userId)!;
      const entry = blockOf(user, body.reason);
      list = [entry, ...list];
      return HttpResponse.json({ data: entry });
    }),
    http.get(api('/users/search'), ({ request }) => {
      const q = new URL(request.url).searchParams.get('q')!.toLowerCase();
      const found = fans.filter((f) => f.name.toLowerCase().includes(q));
      return HttpResponse.json({ data: { data: found, total: found.length } });
    }),
  );
  return { deleted, posted };
}

describe('Blacklist page (/creator/blacklist)', () => {
  it('unblocks after a confirmation: DELETE is called and the row goes', async () => {
    const dana = makeFan({ name: 'Dana', username: 'dana' });
    const eli = makeFan({ name: 'Eli', username: 'eli' });
    const calls = blacklistApi([blockOf(dana, 'Spam in messages'), blockOf(eli)]);
    renderPage(<BlacklistPage />, makePerformer());

    expect(await screen.findByText('Dana')).toBeInTheDocument();
    expect(screen.getByText('Spam in messages')).toBeInTheDocument();
    expect(screen.getAllByTestId('person-row')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Unblock @dana' }));
    expect(calls.deleted).toEqual([]);
    fireEvent.click(await screen.findByRole('button', { name: 'Unblock' }));

    await waitFor(() => expect(calls.deleted).toEqual([dana._id]));
    await waitFor(() => expect(screen.queryByText('Dana')).not.toBeInTheDocument());
    expect(screen.getAllByTestId('person-row')).toHaveLength(1);
    expect(successToast).toHaveBeenCalledWith('Dana unblocked');
  });

  it('has an empty state', async () => {
    blacklistApi([]);
    renderPage(<BlacklistPage />, makePerformer());
    expect(await screen.findByText('You have not blocked anyone.')).toBeInTheDocument();
  });

  it('finds a fan by name and blocks them with a reason', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      const finn = makeFan({ name: 'Finn', username: 'finn' });
      const calls = blacklistApi([], [finn]);
      renderPage(<BlacklistPage />, makePerformer());
      await act(async () => {
        await jest.advanceTimersByTimeAsync(50);
      });

      const picker = screen.getByLabelText('Fan');
      fireEvent.mouseDown(picker);
      fireEvent.change(picker, { target: { value: 'fin' } });
      await act(async () => {
        await jest.advanceTimersByTimeAsync(400);
      });
      jest.useRealTimers();
      fireEvent.click(await screen.findByTitle('Finn (@finn)'));
      fireEvent.change(screen.getByLabelText(/reason/i), { target: { value: 'Rude' } });
      fireEvent.click(screen.getByRole('button', { name: /block/i }));

      await waitFor(() => expect(calls.posted).toEqual([{ userId: finn._id, reason: 'Rude' }]));
      const list = await screen.findByRole('list', { name: 'Blocked accounts' });
      expect(within(list).getByText('Finn')).toBeInTheDocument();
      expect(successToast).toHaveBeenCalledWith('Fan blocked');
    } finally {
      jest.useRealTimers();
    }
  });

  it('will not block without a fan chosen', async () => {
    const calls = blacklistApi([]);
    renderPage(<BlacklistPage />, makePerformer());
    await screen.findByText('You have not blocked anyone.');
    fireEvent.click(screen.getByRole('button', { name: /block/i }));
    expect(await screen.findByText('Choose someone to block')).toBeInTheDocument();
    expect(calls.posted).toEqual([]);
  });
});
