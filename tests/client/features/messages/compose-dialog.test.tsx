import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import Router from 'next/router';
import type { FollowerEntry } from '@/common/contract/social';
import type { SubscriptionItem } from '@/common/contract/subscriptions';
import type { UserPublic } from '@/common/contract/users';
import { ComposeDialog } from '@/client/features/messages/components/compose-dialog';
import { MessageFanButton } from '@/client/features/messages/components/message-fan-button';
import { toast } from '@/client/lib/toast';
import { api, installMswServer, server, serveSignedInBasics } from '../../../support/msw';
import { makePerformer } from '../../fixtures';
import { renderPage } from '../discovery/render-page';
import { makeConversation } from './message-fixtures';

jest.mock('next/router', () => ({ __esModule: true, default: { push: jest.fn(async () => true) }, useRouter: jest.fn() }));
jest.setTimeout(60_000);
installMswServer();

const person = (id: string, name: string, username: string): UserPublic => ({
  _id: id, name, username, avatar: '', isPerformer: false, createdAt: '2026-01-01T00:00:00.000Z',
});
const DANA = person('00000000-0000-4000-8000-000000000001', 'Dana Fan', 'dana');
const SAM = person('00000000-0000-4000-8000-000000000002', 'Sam Sub', 'sam');
const follower = (user: UserPublic): FollowerEntry => ({ _id: `f-${user._id}`, follower: user, createdAt: '2026-06-01T00:00:00.000Z' });
const subscription = (user: UserPublic): SubscriptionItem => ({
  _id: `s-${user._id}`, performer: person('p1', 'Creator', 'creator'), user, type: 'monthly', status: 'active', price: 9.99,
  startedAt: '2026-06-01T00:00:00.000Z', expiresAt: '2026-07-01T00:00:00.000Z', graceUntil: null, cancelledAt: null,
  renews: true, hasAccess: true, gateway: 'sandbox', createdAt: '2026-06-01T00:00:00.000Z', updatedAt: '2026-06-01T00:00:00.000Z',
});

/** Followers Dana and Sam, subscriber Sam; both lists filtered by `q` as the API does. */
function serveFans() {
  const queries: string[] = [];
  const match = (u: UserPublic, q: string | null) => !q || u.name.toLowerCase().includes(q.toLowerCase());
  server.use(
    http.get(api('/follows/followers'), ({ request }) => {
      const q = new URL(request.url).searchParams.get('q');
      queries.push(`followers:${q ?? ''}`);
      const data = [DANA, SAM].filter((u) => match(u, q)).map(follower);
      return HttpResponse.json({ data: { data, total: data.length } });
    }),
    http.get(api('/subscriptions/performer/search'), ({ request }) => {
      const q = new URL(request.url).searchParams.get('q');
      queries.push(`subscribers:${q ?? ''}`);
      const data = [SAM].filter((u) => match(u, q)).map(subscription);
      return HttpResponse.json({ data: { data, total: data.length } });
    }),
  );
  return queries;
}

beforeEach(() => {
  jest.mocked(Router.push).mockClear();
  serveSignedInBasics();
});

async function openAndPick(search: string, title: string) {
  fireEvent.click(screen.getByRole('button', { name: /new message/i }));
  const dialog = await screen.findByRole('dialog');
  const box = within(dialog).getByRole('combobox');
  fireEvent.mouseDown(box);
  fireEvent.change(box, { target: { value: search } });
  fireEvent.click(await screen.findByTitle(title));
  return dialog;
}

describe('Compose dialog (creators on /messages)', () => {
  it('asks nothing until opened, searches followers and subscribers, and opens the conversation with the one picked', async () => {
    const queries = serveFans();
    const bodies: unknown[] = [];
    server.use(http.post(api('/conversations'), async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({ data: makeConversation({ _id: 'conv-5' }) });
    }));
    const store = renderPage(<ComposeDialog />, makePerformer());
    await new Promise((r) => setTimeout(r, 50));
    expect(queries).toEqual([]);

    const dialog = await openAndPick('sam', 'Sam Sub (@sam)');
    await waitFor(() => expect(queries).toEqual(expect.arrayContaining(['followers:sam', 'subscribers:sam'])));
    // Sam is both: one option, marked as a subscriber.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Write message' }));
    await waitFor(() => expect(Router.push).toHaveBeenCalledWith('/messages?conversationId=conv-5'));
    expect(bodies).toEqual([{ source: 'user', sourceId: SAM._id }]);
    expect(store.getState().conversation.activeId).toBe('conv-5');
  });

  it('marks subscribers, offers both lists merged without a search, and says when nobody matches', async () => {
    serveFans();
    renderPage(<ComposeDialog />, makePerformer());
    fireEvent.click(screen.getByRole('button', { name: /new message/i }));
    const dialog = await screen.findByRole('dialog');
    const box = within(dialog).getByRole('combobox');
    fireEvent.mouseDown(box);
    expect(await screen.findByTitle('Dana Fan (@dana)')).toBeInTheDocument();
    expect(screen.getAllByTitle('Sam Sub (@sam)')).toHaveLength(1);
    expect(screen.getByText('Subscriber')).toBeInTheDocument();
    fireEvent.change(box, { target: { value: 'zoe' } });
    expect(await screen.findByText('No follower or subscriber matches “zoe”')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Write message' })).toBeDisabled();
  });

  it("shows the server's reason (a block, a fan who left) in the dialog and stays", async () => {
    serveFans();
    server.use(http.post(api('/conversations'), () =>
      HttpResponse.json({ statusCode: 403, error: 'Forbidden', message: 'You cannot send messages to this person' }, { status: 403 })));
    renderPage(<ComposeDialog />, makePerformer());
    const dialog = await openAndPick('dana', 'Dana Fan (@dana)');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Write message' }));
    expect(await within(dialog).findByText('You cannot send messages to this person')).toBeInTheDocument();
    expect(Router.push).not.toHaveBeenCalled();
  });
});

describe('Message button in the followers and subscribers lists', () => {
  afterEach(() => jest.restoreAllMocks());

  it('opens the conversation with that fan', async () => {
    const bodies: unknown[] = [];
    server.use(http.post(api('/conversations'), async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({ data: makeConversation({ _id: 'conv-7' }) });
    }));
    renderPage(<MessageFanButton user={DANA} />, makePerformer());
    fireEvent.click(screen.getByRole('button', { name: 'Message Dana Fan' }));
    await waitFor(() => expect(Router.push).toHaveBeenCalledWith('/messages?conversationId=conv-7'));
    expect(bodies).toEqual([{ source: 'user', sourceId: DANA._id }]);
  });

  it("toasts the server's reason and stays", async () => {
    const failure = jest.spyOn(toast, 'error').mockImplementation(() => undefined);
    server.use(http.post(api('/conversations'), () =>
      HttpResponse.json({ statusCode: 403, error: 'Forbidden', message: 'You cannot send messages to this person' }, { status: 403 })));
    renderPage(<MessageFanButton user={DANA} />, makePerformer());
    fireEvent.click(screen.getByRole('button', { name: 'Message Dana Fan' }));
    await waitFor(() => expect(failure).toHaveBeenCalledWith('You cannot send messages to this person'));
    expect(Router.push).not.toHaveBeenCalled();
  });
});
