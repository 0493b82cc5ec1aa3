import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, delay } from 'msw';
import type { Conversation, Message } from '@/common/contract/messaging';
import { MessagesPage } from '@/client/features/messages/components/messages-page';
import { setUnreadTotal } from '@/client/features/messages/conversation.slice';
import { toast } from '@/client/lib/toast';
import { api, installMswServer, server } from '../../../support/msw';
import { makeFile as makeUploadFile, makePerformer, makeUser } from '../../fixtures';
import { renderWithStore } from '../videos/render-video';
import { makeConversation, makeFile, makeMessage } from './message-fixtures';

const mockRouter = { query: {} as Record<string, string>, push: jest.fn(async () => true), replace: jest.fn(async () => true) };
jest.mock('next/router', () => ({
  __esModule: true,
  useRouter: () => ({ ...mockRouter, pathname: '/messages', asPath: '/messages' }),
  default: { push: (...args: unknown[]) => mockRouter.push(...(args as [])) },
}));

jest.setTimeout(120_000);
installMswServer();

const FAN = makeUser({ _id: 'fan-1', balance: 10 });
const CREATOR = makePerformer({ _id: 'creator-1' });
const C1 = 'conv-1';
const C2 = 'conv-2';

const withAurora = (overrides: Partial<Conversation> = {}) => makeConversation({ _id: C1, totalNotSeenMessages: 2, ...overrides });
const withBlake = makeConversation({
  _id: C2,
  totalNotSeenMessages: 3,
  recipient: { _id: 'creator-2', name: 'Blake Rivers', username: 'blake', avatar: '', isPerformer: true },
  lastMessage: { _id: 'x', senderId: 'creator-2', text: 'New set is up', type: 'text', isDeleted: false, createdAt: '2026-01-01T00:00:00.000Z' },
});
const msg = (id: string, overrides: Partial<Message> = {}) => makeMessage({ _id: id, conversationId: C1, senderId: 'creator-1', text: `text ${id}`, ...overrides });

interface Recorded {
  readAll: string[];
  listQueries: Record<string, string>[];
  searches: string[];
  sent: unknown[];
}

/** The API of a fan with two conversations; the first holds `messages` (newest first) of `total`. */
function inbox(messages: Message[], total = messages.length, conversations: Conversation[] = [withAurora(), withBlake]): Recorded {
  const rec: Recorded = { readAll: [], listQueries: [], searches: [], sent: [] };
  server.use(
    http.get(api('/follows/following/ids'), () => HttpResponse.json({ data: [] })),
    http.get(api('/messages/total-unread-messages'), () => HttpResponse.json({ data: { total: 5 } })),
    http.get(api('/conversations'), () => HttpResponse.json({ data: { data: conversations, total: conversations.length, isMore: false } })),
    http.get(api('/conversations/search'), ({ request }) => {
      rec.searches.push(new URL(request.url).searchParams.get('q') ?? '');
      return HttpResponse.json({ data: { data: [withBlake], total: 1, isMore: false } });
    }),
    http.get(api(`/conversations/${C1}`), () => HttpResponse.json({ data: conversations[0] })),
    http.post(api('/messages/read-all/:id'), ({ params }) => {
      rec.readAll.push(String(params.id));
      return HttpResponse.json({ data: { success: true, total: 3 } });
    }),
    http.get(api(`/messages/conversations/${C1}`), ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      rec.listQueries.push(query);
      const offset = Number(query.offset ?? 0);
      return HttpResponse.json({ data: { data: messages.slice(offset, offset + Number(query.limit ?? 25)), total } });
    }),
    http.post(api(`/messages/conversations/${C1}`), async ({ request }) => {
      const body = (await request.json()) as { text?: string; fileIds?: string[]; price?: number };
      rec.sent.push(body);
      return HttpResponse.json({ data: msg(`sent-${rec.sent.length}`, { senderId: FAN._id, text: body.text ?? '' }) });
    }),
  );
  return rec;
}

const bubbles = () => screen.getAllByTestId('message').map((el) => el.getAttribute('data-message-id'));
const thread = () => screen.getByRole('log');

beforeEach(() => {
  mockRouter.query = { conversationId: C1 };
  mockRouter.push.mockClear();
  mockRouter.replace.mockClear();
});
afterEach(() => jest.restoreAllMocks());

describe('/messages', () => {
  it('lists conversations with unread badges and opens the one in the URL: marked read, oldest message first', async () => {
    const rec = inbox([msg('m3'), msg('m2'), msg('m1')]);
    const store = renderWithStore(<MessagesPage />, FAN);
    const list = await screen.findByRole('list', { name: 'Conversations' });
    expect(await within(list).findByRole('button', { name: 'Blake Rivers, 3 unread' })).toBeInTheDocument();
    expect(within(list).getByText('New set is up')).toBeInTheDocument();
    await waitFor(() => expect(bubbles()).toEqual(['m1', 'm2', 'm3']));
    expect(within(thread()).getByText('text m3')).toBeInTheDocument();
    expect(rec.readAll).toEqual([C1]);
    expect(rec.listQueries[0]).toEqual({ offset: '0', limit: '25' });
    // Opened and read: no badge on it; the header total is the server's answer.
    expect(within(list).getByRole('button', { name: 'Aurora Vale' })).toHaveAttribute('aria-current', 'true');
    await waitFor(() => expect(store.getState().conversation.unreadTotal).toBe(3));

    fireEvent.click(within(list).getByRole('button', { name: 'Blake Rivers, 3 unread' }));
    expect(mockRouter.push).toHaveBeenCalledWith(`/messages?conversationId=${C2}`, undefined, { shallow: true });
  });

  it('sends with Enter, shows the message at the end and clears the draft', async () => {
    const rec = inbox([msg('m1')]);
    renderWithStore(<MessagesPage />, FAN);
    await waitFor(() => expect(bubbles()).toEqual(['m1']));
    const box = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: '  Hi Aurora!  ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(bubbles()).toEqual(['m1', 'sent-1']));
    expect(rec.sent).toEqual([{ text: 'Hi Aurora!' }]);
    expect(within(thread()).getByText('Hi Aurora!')).toBeInTheDocument();
    await waitFor(() => expect(box).toHaveValue(''));
  });

  it('keeps the draft of a failed send and shows no message (spec 8)', async () => {
    inbox([msg('m1')]);
    const failure = jest.spyOn(toast, 'error').mockImplementation(() => undefined);
    server.use(
      http.post(api(`/messages/conversations/${C1}`), () =>
        HttpResponse.json({ statusCode: 429, error: 'Too Many Requests', message: 'Slow down' }, { status: 429 }),
      ),
    );
    const store = renderWithStore(<MessagesPage />, FAN);
    await waitFor(() => expect(bubbles()).toEqual(['m1']));
    const box = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: 'Are you there?' } });
    fireEvent.click(screen.getByRole('button', { name: /send/i }));
    await waitFor(() => expect(store.getState().message.error).toEqual(expect.objectContaining({ statusCode: 429 })));
    expect(box).toHaveValue('Are you there?');
    expect(bubbles()).toEqual(['m1']);
    expect(failure).not.toHaveBeenCalled();
  });

  it('loads older messages above the loaded ones', async () => {
    const all = Array.from({ length: 30 }, (_, i) => msg(`m${30 - i}`));
    const rec = inbox(all, 30);
    renderWithStore(<MessagesPage />, FAN);
    await waitFor(() => expect(bubbles()).toHaveLength(25));
    expect(bubbles()[0]).toBe('m6');
    fireEvent.click(screen.getByRole('button', { name: 'Load older messages' }));
    await waitFor(() => expect(bubbles()).toHaveLength(30));
    expect(bubbles()[0]).toBe('m1');
    expect(bubbles()[29]).toBe('m30');
    expect(rec.listQueries.at(-1)).toEqual({ offset: '25', limit: '25' });
    expect(screen.queryByRole('button', { name: 'Load older messages' })).toBeNull();
  });

  it('loads older messages when the reader scrolls to the top', async () => {
    const all = Array.from({ length: 27 }, (_, i) => msg(`m${27 - i}`));
    const rec = inbox(all, 27);
    renderWithStore(<MessagesPage />, FAN);
    await waitFor(() => expect(bubbles()).toHaveLength(25));
    thread().scrollTop = 0;
    fireEvent.scroll(thread());
    await waitFor(() => expect(bubbles()).toHaveLength(27));
    expect(rec.listQueries).toHaveLength(2);
  });

  it('searches conversations after a pause in typing', async () => {
    const rec = inbox([]);
    renderWithStore(<MessagesPage />, FAN);
    const list = await screen.findByRole('list', { name: 'Conversations' });
    await within(list).findByRole('button', { name: /Aurora Vale/ });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search conversations' }), { target: { value: 'bla' } });
    await waitFor(() => expect(rec.searches).toEqual(['bla']));
    await waitFor(() => expect(within(list).queryByRole('button', { name: /Aurora Vale/ })).toBeNull());
    expect(within(list).getByRole('button', { name: /Blake Rivers/ })).toBeInTheDocument();
  });

  it('keeps a failed list as state with a way to reload, and shows no message', async () => {
    inbox([]);
    const failure = jest.spyOn(toast, 'error').mockImplementation(() => undefined);
    mockRouter.query = {};
    let fail = true;
    server.use(
      http.get(api('/conversations'), () =>
        fail
          ? HttpResponse.json({ statusCode: 500, error: 'Internal Server Error', message: 'down' }, { status: 500 })
          : HttpResponse.json({ data: { data: [withBlake], total: 1, isMore: false } }),
      ),
    );
    renderWithStore(<MessagesPage />, FAN);
    const reload = await screen.findByRole('button', { name: /reload conversations/i });
    expect(failure).not.toHaveBeenCalled();
    fail = false;
    fireEvent.click(reload);
    expect(await screen.findByRole('button', { name: 'Blake Rivers, 3 unread' })).toBeInTheDocument();
  });

  it("shows 'Error occurred, please try again later' when the conversation cannot be opened", async () => {
    inbox([]);
    const failure = jest.spyOn(toast, 'error').mockImplementation(() => undefined);
    mockRouter.query = { conversationId: 'nope' };
    server.use(http.get(api('/conversations/nope'), () => HttpResponse.json({ statusCode: 404, error: 'Not Found', message: 'Conversation not found' }, { status: 404 })));
    renderWithStore(<MessagesPage />, FAN);
    await waitFor(() => expect(failure).toHaveBeenCalledWith('Error occurred, please try again later'));
    expect(await screen.findByText('Choose a conversation')).toBeInTheDocument();
  });

  it('opens the conversation with a creator from ?toSource&toId, then names it in the URL', async () => {
    const rec = inbox([msg('m1')]);
    mockRouter.query = { toSource: 'performer', toId: 'creator-1' };
    const created: unknown[] = [];
    server.use(
      http.post(api('/conversations'), async ({ request }) => {
        created.push(await request.json());
        return HttpResponse.json({ data: withAurora({ totalNotSeenMessages: 0 }) });
      }),
    );
    renderWithStore(<MessagesPage />, FAN);
    await waitFor(() => expect(bubbles()).toEqual(['m1']));
    expect(created).toEqual([{ source: 'performer', sourceId: 'creator-1' }]);
    expect(rec.listQueries[0]).toEqual({ offset: '0', limit: '25' });
    await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith(`/messages?conversationId=${C1}`, undefined, { shallow: true }));
  });

  it('lets the sender delete their message after confirming', async () => {
    inbox([msg('mine', { senderId: FAN._id, text: 'oops' }), msg('m1')]);
    let deleted = '';
    server.use(
      http.delete(api('/messages/:id'), ({ params }) => {
        deleted = String(params.id);
        return HttpResponse.json({ data: msg('mine', { senderId: FAN._id, isDeleted: true, text: 'Message deleted!' }) });
      }),
    );
    renderWithStore(<MessagesPage />, FAN);
    await waitFor(() => expect(bubbles()).toEqual(['m1', 'mine']));
    // Only my own message has a delete action.
    expect(screen.getAllByRole('button', { name: 'Delete message' })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Delete message' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(bubbles()).toEqual(['m1']));
    expect(deleted).toBe('mine');
  });

  it("shows a message deleted by the other side as 'Message deleted!'", async () => {
    inbox([msg('gone', { isDeleted: true, text: 'Message deleted!' }), msg('m1')]);
    renderWithStore(<MessagesPage />, FAN);
    await waitFor(() => expect(bubbles()).toEqual(['m1', 'gone']));
    expect(within(thread()).getByText('Message deleted!')).toBeInTheDocument();
  });

  it('follows a sent video through processing, then shows it playable', async () => {
    const processing = makeFile({ _id: 'v1', type: 'message-video', kind: 'video', status: 'processing', url: null, thumbnails: [], mimeType: 'video/mp4' });
    const video = msg('vid', { senderId: FAN._id, type: 'video', text: '', files: [processing] });
    inbox([video]);
    const polled: string[] = [];
    let ready = false;
    server.use(
      http.get(api('/messages/vid/file/v1/status'), ({ request }) => {
        polled.push(new URL(request.url).pathname);
        ready = true;
        return HttpResponse.json({ data: { _id: 'v1', status: 'ready', failureReason: null } });
      }),
      http.get(api(`/messages/conversations/${C1}`), () =>
        HttpResponse.json({ data: { data: [ready ? { ...video, files: [{ ...processing, status: 'ready', url: 'http://api.test/files/media/v1.mp4' }] } : video], total: 1 } }),
      ),
    );
    renderWithStore(<MessagesPage />, FAN);
    expect(await screen.findByText(/Processing video/)).toBeInTheDocument();
    const player = await screen.findByLabelText('Video 1 of the message', {}, { timeout: 10_000 });
    expect(player).toHaveAttribute('src', 'http://api.test/files/media/v1.mp4');
    expect(polled).toEqual(['/messages/vid/file/v1/status']);
  });

  it('closes the composer with the reason when the fan may not write', async () => {
    inbox([msg('m1')], 1, [withAurora({ canSendMessage: false })]);
    renderWithStore(<MessagesPage />, FAN);
    expect(await screen.findByText('Follow or subscribe to this creator to send them messages.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
  });
});

describe('paid messages', () => {
  const locked = msg('paid', {
    type: 'photo',
    text: 'Just for you',
    price: 5,
    isUnlocked: false,
    files: [makeFile({ url: null, isLocked: true, thumbnails: ['http://api.test/blur.jpg'], preview: 'http://api.test/blur.jpg' })],
  });

  it('shows the blurred preview; unlocking pays once with an Idempotency-Key, opens the photo and updates the balance', async () => {
    inbox([locked]);
    const success = jest.spyOn(toast, 'success').mockImplementation(() => undefined);
    const keys: (string | null)[] = [];
    server.use(
      http.post(api('/wallet/charges/message/paid'), ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        return HttpResponse.json({
          data: {
            transactionId: 't1', balance: 5, amount: 5, item: { type: 'message', id: 'paid' },
            message: { ...locked, isUnlocked: true, isPaid: true, files: [makeFile()] },
          },
        });
      }),
    );
    const store = renderWithStore(<MessagesPage />, FAN);
    const group = await screen.findByRole('group', { name: 'Paid message' });
    expect(within(group).getByText('1 photo')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /photo 1 of the message/i })).toBeNull();
    fireEvent.click(within(group).getByRole('button', { name: /unlock for 5\.00 tokens/i }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('10.00 tokens')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: /pay 5\.00 tokens/i }));
    expect(await screen.findByRole('img', { name: 'Photo 1 of the message' })).toHaveAttribute('src', 'http://api.test/files/media/f1.jpg');
    expect(screen.queryByRole('group', { name: 'Paid message' })).toBeNull();
    expect(store.getState().user.current.balance).toBe(5);
    expect(keys).toEqual([expect.any(String)]);
    expect(success).toHaveBeenCalledWith('Message unlocked');
  });

  it('on 402 says how much is missing and keeps the message locked', async () => {
    inbox([locked]);
    server.use(
      http.post(api('/wallet/charges/message/paid'), () =>
        HttpResponse.json({ statusCode: 402, error: 'Payment Required', message: 'Not enough tokens', missingAmount: 2 }, { status: 402 }),
      ),
    );
    renderWithStore(<MessagesPage />, makeUser({ _id: 'fan-1', balance: 3 }));
    const group = await screen.findByRole('group', { name: 'Paid message' });
    fireEvent.click(within(group).getByRole('button', { name: /unlock for 5\.00 tokens/i }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /pay 5\.00 tokens/i }));
    expect(await within(dialog).findByText('You need 2.00 tokens more')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Paid message' })).toBeInTheDocument();
  });

  it('lets a creator attach a photo with upload progress and a price, sending the file id and the price', async () => {
    const rec = inbox([msg('m1', { senderId: 'fan-1' })], 1, [withAurora({ recipient: { _id: 'fan-1', name: 'Dana', username: 'dana', avatar: '', isPerformer: false } })]);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.post(api('/messages/public/file/photo'), async () => {
        await gate;
        await delay(10);
        return HttpResponse.json({ data: makeFile({ _id: '7a0c6a3e-1111-4222-8333-444455556666' }) });
      }),
    );
    renderWithStore(<MessagesPage />, CREATOR);
    await waitFor(() => expect(bubbles()).toEqual(['m1']));
    await act(async () => {
      fireEvent.change(screen.getByTestId('pick-photo'), { target: { files: [makeUploadFile('jpeg-bytes', 'beach.jpg', 'image/jpeg')] } });
    });
    expect(await screen.findByText('beach.jpg')).toBeInTheDocument();
    expect(screen.getByLabelText('Uploading beach.jpg')).toBeInTheDocument();
    // Nothing can be sent while the file is on its way.
    expect(screen.getByRole('button', { name: /send/i })).toBeDisabled();
    release();
    expect(await screen.findByText('Ready to send')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Price (tokens)'), { target: { value: '7.5' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'A little gift' } });
    fireEvent.click(screen.getByRole('button', { name: /send/i }));
    await waitFor(() => expect(rec.sent).toEqual([{ text: 'A little gift', fileIds: ['7a0c6a3e-1111-4222-8333-444455556666'], price: 7.5 }]));
    await waitFor(() => expect(screen.queryByText('beach.jpg')).toBeNull());
  });

  it("puts the server's price problem under the price field", async () => {
    inbox([msg('m1', { senderId: 'fan-1' })]);
    server.use(
      http.post(api('/messages/public/file/photo'), () => HttpResponse.json({ data: makeFile({ _id: '7a0c6a3e-1111-4222-8333-444455556666' }) })),
      http.post(api(`/messages/conversations/${C1}`), () =>
        HttpResponse.json(
          { statusCode: 422, error: 'Unprocessable Entity', message: 'Price must be between 1 and 1000 tokens', details: [{ field: 'price', message: 'Price must be between 1 and 1000 tokens' }] },
          { status: 422 },
        ),
      ),
    );
    renderWithStore(<MessagesPage />, CREATOR);
    await waitFor(() => expect(bubbles()).toEqual(['m1']));
    await act(async () => {
      fireEvent.change(screen.getByTestId('pick-photo'), { target: { files: [makeUploadFile('jpeg', 'a.jpg', 'image/jpeg')] } });
    });
    expect(await screen.findByText('Ready to send')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Price (tokens)'), { target: { value: '5000' } });
    fireEvent.click(screen.getByRole('button', { name: /send/i }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Price must be between 1 and 1000 tokens');
    // The draft, file included, is still there to fix and send again.
    expect(screen.getByText('a.jpg')).toBeInTheDocument();
  });

  it('lets a creator message all subscribers', async () => {
    inbox([]);
    mockRouter.query = {};
    const success = jest.spyOn(toast, 'success').mockImplementation(() => undefined);
    const bodies: unknown[] = [];
    server.use(
      http.post(api('/messages/mass'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ data: { recipients: 12 } });
      }),
    );
    renderWithStore(<MessagesPage />, CREATOR);
    fireEvent.click(await screen.findByRole('button', { name: /message all subscribers/i }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Message to all subscribers' }), { target: { value: ' New set on Friday! ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /send to all/i }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Sending to 12 subscribers'));
    expect(bodies).toEqual([{ text: 'New set on Friday!' }]);
  });

  it('shows a fan no price option and no message to all', async () => {
    inbox([msg('m1')]);
    server.use(http.post(api('/messages/public/file/photo'), () => HttpResponse.json({ data: makeFile() })));
    renderWithStore(<MessagesPage />, FAN);
    await waitFor(() => expect(bubbles()).toEqual(['m1']));
    await act(async () => {
      fireEvent.change(screen.getByTestId('pick-photo'), { target: { files: [makeUploadFile('jpeg', 'a.jpg', 'image/jpeg')] } });
    });
    expect(await screen.findByText('Ready to send')).toBeInTheDocument();
    expect(screen.queryByLabelText('Price (tokens)')).toBeNull();
    expect(screen.queryByRole('button', { name: /message all subscribers/i })).toBeNull();
  });
});

describe('header badge', () => {
  it('shows the unread total from the store', async () => {
    const { MessagesBadge } = await import('@/client/features/messages/components/messages-badge');
    inbox([]);
    const store = renderWithStore(<MessagesBadge />, FAN);
    const link = await screen.findByRole('link', { name: 'Messages, 5 unread' });
    expect(link).toHaveAttribute('href', '/messages');
    act(() => {
      store.dispatch(setUnreadTotal(0));
    });
    expect(screen.getByRole('link', { name: 'Messages' })).toBeInTheDocument();
  });
});
