import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { BlockedUser, FollowerEntry } from '@/common/contract/social';
import { FollowersPage } from '@/client/features/social/components/followers-page';
import { toast } from '@/client/lib/toast';
import { api, installMswServer, server } from '../../../support/msw';
import { makePerformer } from '../../fixtures';
import { makeFan, mockRouter, renderPage } from '../discovery/render-page';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));

installMswServer();

let successToast: jest.SpyInstance;
beforeEach(() => {
  successToast = jest.spyOn(toast, 'success').mockImplementation(() => undefined);
});
afterEach(() => successToast.mockRestore());

describe('Followers page (/creator/followers)', () => {
  it('lists fans with their follow date, and blocks one after a confirmation', async () => {
    const dana = makeFan({ name: 'Dana', username: 'dana' });
    const eli = makeFan({ name: 'Eli', username: 'eli' });
    let followers: FollowerEntry[] = [
      { _id: 'f1', follower: dana, createdAt: '2025-03-04T12:00:00.000Z' },
      { _id: 'f2', follower: eli, createdAt: '2025-03-05T12:00:00.000Z' },
    ];
    const blocked: unknown[] = [];
    server.use(
      http.get(api('/follows/followers'), () => HttpResponse.json({ data: { data: followers, total: followers.length } })),
      http.post(api('/block/users'), async ({ request }) => {
        const body = (await request.json()) as { userId: string };
        blocked.push(body);
        // A block ends the follow.
        followers = followers.filter((f) => f.follower._id !== body.userId);
        const answer: BlockedUser = { _id: body.userId, user: dana, reason: '', createdAt: '2025-03-06T00:00:00.000Z' };
        return HttpResponse.json({ data: answer });
      }),
      http.get(api('/follows/following/ids'), () => HttpResponse.json({ data: [] })),
    );
    mockRouter({}, '/creator/followers');
    renderPage(<FollowersPage />, makePerformer());

    expect(await screen.findByText('Dana')).toBeInTheDocument();
    expect(screen.getByText(/Followed Mar 4, 2025/)).toBeInTheDocument();
    expect(screen.getByText('2 people follow you.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Block @dana' }));
    expect(blocked).toEqual([]);
    fireEvent.click(await screen.findByRole('button', { name: 'Block' }));
    await waitFor(() => expect(blocked).toEqual([{ userId: dana._id }]));
    await waitFor(() => expect(screen.queryByText('Dana')).not.toBeInTheDocument());
    expect(screen.getByText('Eli')).toBeInTheDocument();
    expect(successToast).toHaveBeenCalledWith('Dana blocked');
  });

  it('has an empty state', async () => {
    server.use(http.get(api('/follows/followers'), () => HttpResponse.json({ data: { data: [], total: 0 } })));
    mockRouter({}, '/creator/followers');
    renderPage(<FollowersPage />);
    expect(await screen.findByText(/No followers yet/)).toBeInTheDocument();
  });
});
