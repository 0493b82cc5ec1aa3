import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { WatchStreamPage, STREAM_ENDED } from '@/client/features/streaming/components/watch-stream-page';
import { VIDEO_FAILED } from '@/client/features/streaming/components/live-video';
import { watchChannel } from '@/client/features/streaming/lib/agora-client';
import { api, installMswServer, server } from '../../../support/msw';
import { makeUser } from '../../fixtures';
import { mockRouter } from '../discovery/render-page';
import { renderWithStore } from '../videos/render-video';
import { makePerformerPublic } from '../performer/performer-fixtures';
import { makeStream, makeStreamView, newestFirst } from './stream-fixtures';
import { liveStore, makeFakeSocket } from './streaming-test-setup';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));
jest.mock('@/client/lib/toast', () => ({ toast: { success: jest.fn(), error: jest.fn(), info: jest.fn() } }));
const mockSocket = makeFakeSocket();
jest.mock('@/client/lib/socket', () => ({ get socketService() { return mockSocket.socketService; } }));
// The Agora SDK cannot run in jsdom: its wrapper is replaced at the module boundary.
jest.mock('@/client/features/streaming/lib/agora-client', () => ({
  createLocalTracks: jest.fn(),
  publishTracks: jest.fn(),
  watchChannel: jest.fn(),
}));
jest.setTimeout(60_000);

installMswServer();

const FAN = makeUser({ _id: 'u1', balance: 10 });
const session = { leave: jest.fn(() => Promise.resolve()) };

beforeEach(() => {
  jest.mocked(watchChannel).mockReset().mockResolvedValue(session);
  mockSocket.emitted.length = 0;
  mockRouter({ id: 'aurora' }, '/streaming/[id]');
  server.use(
    // What a sign-in loads besides: the unread badge and the follow list.
    http.get(api('/messages/total-unread-messages'), () => HttpResponse.json({ data: { total: 0 } })),
    http.get(api('/follows/following/ids'), () => HttpResponse.json({ data: [] })),
    http.get(api('/messages/stream/sc1'), () => HttpResponse.json({ data: { data: newestFirst(2), total: 2 } })),
    http.post(api('/streaming/agora/token'), () =>
      HttpResponse.json({ data: { appId: 'a'.repeat(32), channelName: 'stream-s1', uid: 5, token: 't', role: 'subscriber', expiresAt: new Date().toISOString() } }),
    ),
    http.get(api('/performers/aurora'), () => HttpResponse.json({ data: makePerformerPublic({ name: 'Aurora Vale' }) })),
  );
});

const joinAnswers = (...views: (ReturnType<typeof makeStreamView> | 404)[]) => {
  let i = 0;
  server.use(
    http.get(api('/streaming/join/aurora'), () => {
      const v = views[Math.min(i++, views.length - 1)];
      if (v === 404) return HttpResponse.json({ statusCode: 404, error: 'Not Found', message: 'Not live' }, { status: 404 });
      return HttpResponse.json({ data: v });
    }),
  );
};

describe('/streaming/[id]', () => {
  it('says the creator is not live, with a link to the profile (404)', async () => {
    joinAnswers(404);
    renderWithStore(<WatchStreamPage id="aurora" />, FAN, liveStore());
    expect(await screen.findByText('Aurora Vale is not live right now')).toBeInTheDocument();
    expect(screen.getByText(/Go to Aurora Vale/).closest('a')).toHaveAttribute('href', '/aurora');
  });

  it('asks a signed-out visitor to sign in and come back', async () => {
    joinAnswers(makeStreamView({ canWatch: false, lockReason: 'login' }));
    renderWithStore(<WatchStreamPage id="aurora" />, undefined, liveStore());
    expect(await screen.findByText('Sign in to watch Aurora Vale live')).toBeInTheDocument();
    expect(screen.getByText('Sign in').closest('a')).toHaveAttribute('href', '/auth/login?redirect=%2Fstreaming%2Faurora');
    expect(watchChannel).not.toHaveBeenCalled();
  });

  it('offers the subscription box for a subscribers-only stream; subscribing unlocks it', async () => {
    joinAnswers(makeStreamView({ access: 'subscribers', canWatch: false, lockReason: 'subscribe' }), makeStreamView({ access: 'subscribers' }));
    server.use(
      http.get(api('/performers/aurora'), () => HttpResponse.json({ data: makePerformerPublic({ name: 'Aurora Vale', isFreeSubscription: true, freeSubscriptionDays: 3 }) })),
      http.post(api('/payment/subscribe/performers'), () => HttpResponse.json({ data: {} })),
    );
    renderWithStore(<WatchStreamPage id="aurora" />, FAN, liveStore());
    expect(await screen.findByText('This stream is for Aurora Vale\'s subscribers')).toBeInTheDocument();
    fireEvent.click(await screen.findByText('Free for 3 days'));
    expect(await screen.findByText('Live chat')).toBeInTheDocument();
  });

  it('sells a ticket: pays with an Idempotency-Key and starts watching', async () => {
    const paid = makeStreamView({ access: 'sale', price: 5, isPaid: true });
    joinAnswers(makeStreamView({ access: 'sale', price: 5, canWatch: false, lockReason: 'buy' }));
    const keys: (string | null)[] = [];
    server.use(
      http.post(api('/wallet/charges/stream/s1'), ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        return HttpResponse.json({ data: { transactionId: 't1', balance: 5, amount: 5, item: { type: 'stream', id: 's1' }, stream: paid } });
      }),
    );
    const store = renderWithStore(<WatchStreamPage id="aurora" />, FAN, liveStore());
    expect(await screen.findByText('Watch Aurora Vale live for 5.00 tokens')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Unlock for 5.00 tokens'));
    fireEvent.click(await screen.findByText('Pay 5.00 tokens'));
    expect(await screen.findByText('Live chat')).toBeInTheDocument();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toBeTruthy();
    expect(store.getState().user.current.balance).toBe(5);
    await waitFor(() => expect(watchChannel).toHaveBeenCalledWith(expect.anything(), 'stream-s1', expect.any(Function), expect.any(Function)));
  });

  it('shows the top-up hint on a 402', async () => {
    joinAnswers(makeStreamView({ access: 'sale', price: 5, canWatch: false, lockReason: 'buy' }));
    server.use(
      http.post(api('/wallet/charges/stream/s1'), () =>
        HttpResponse.json({ statusCode: 402, error: 'Payment Required', message: 'Not enough tokens', missingAmount: 3 }, { status: 402 }),
      ),
    );
    renderWithStore(<WatchStreamPage id="aurora" />, makeUser({ balance: 10 }), liveStore());
    fireEvent.click(await screen.findByText('Unlock for 5.00 tokens'));
    fireEvent.click(await screen.findByText('Pay 5.00 tokens'));
    expect(await screen.findByText('You need 3.00 tokens more')).toBeInTheDocument();
    expect(screen.getByText('Top up your wallet').closest('a')).toHaveAttribute('href', '/wallet');
  });

  it('watching: joins the room, shows the chat and the viewer count, and the end of the stream', async () => {
    joinAnswers(makeStreamView());
    renderWithStore(<WatchStreamPage id="aurora" />, FAN, liveStore());
    expect(await screen.findByText('text 1')).toBeInTheDocument();
    expect(mockSocket.emitted).toContainEqual({ event: 'stream/join', payload: { streamId: 's1' } });
    expect(await screen.findByText('7 watching')).toBeInTheDocument();
    act(() => mockSocket.push('stream_viewers', { streamId: 's1', viewerCount: 9 }));
    expect(await screen.findByText('9 watching')).toBeInTheDocument();
    act(() => mockSocket.push('stream_updated', { stream: makeStream({ isStreaming: false }) }));
    expect(await screen.findByText(STREAM_ENDED)).toBeInTheDocument();
    await waitFor(() => expect(session.leave).toHaveBeenCalled());
  });

  it('offline: the video says it could not connect, the chat still works, Retry tries again', async () => {
    joinAnswers(makeStreamView());
    jest.mocked(watchChannel).mockRejectedValue(new Error('AgoraRTCError CAN_NOT_GET_GATEWAY_SERVER'));
    let sent: unknown = null;
    server.use(
      http.post(api('/messages/stream/sc1'), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ data: { ...newestFirst(1)[0], _id: 'mine', text: 'still here' } });
      }),
    );
    renderWithStore(<WatchStreamPage id="aurora" />, FAN, liveStore());
    expect(await screen.findByText(VIDEO_FAILED)).toBeInTheDocument();
    const box = screen.getByLabelText('Chat message');
    fireEvent.change(box, { target: { value: 'still here' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await screen.findByText('still here', { selector: 'span' })).toBeInTheDocument();
    expect(sent).toEqual({ text: 'still here' });
    await waitFor(() => expect(box).toHaveValue(''));
    fireEvent.click(screen.getByText('Retry'));
    await waitFor(() => expect(watchChannel).toHaveBeenCalledTimes(2));
  });

  it('loads older chat messages upward, and a closed chat shows the notice instead of the composer', async () => {
    const asked: string[] = [];
    server.use(
      http.get(api('/messages/stream/sc1'), ({ request }) => {
        const offset = new URL(request.url).searchParams.get('offset') ?? '0';
        asked.push(offset);
        return HttpResponse.json({ data: { data: offset === '0' ? newestFirst(25, 'sc1', 6) : newestFirst(5), total: 30 } });
      }),
    );
    joinAnswers(makeStreamView({ isChatClosed: true }));
    renderWithStore(<WatchStreamPage id="aurora" />, FAN, liveStore());
    expect(await screen.findByText('text 30')).toBeInTheDocument();
    expect(screen.getByText('The creator closed the chat.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Chat message')).not.toBeInTheDocument();
    fireEvent.click(screen.getByText('Load older messages'));
    expect(await screen.findByText('text 1')).toBeInTheDocument();
    expect(asked).toEqual(['0', '25']);
    expect(screen.queryByText('Load older messages')).not.toBeInTheDocument();
  });

  it('after a dropped connection re-joins the stream room and reloads the chat', async () => {
    let listed = 0;
    server.use(
      http.get(api('/messages/stream/sc1'), () => {
        listed += 1;
        return HttpResponse.json({ data: { data: listed === 1 ? newestFirst(2) : newestFirst(3), total: listed === 1 ? 2 : 3 } });
      }),
    );
    joinAnswers(makeStreamView());
    renderWithStore(<WatchStreamPage id="aurora" />, FAN, liveStore());
    expect(await screen.findByText('text 2')).toBeInTheDocument();
    const joins = () => mockSocket.emitted.filter((e) => e.event === 'stream/join').length;
    expect(joins()).toBe(1);
    act(() => mockSocket.status('disconnect'));
    act(() => mockSocket.status('connected'));
    // The missed message comes with the reload.
    expect(await screen.findByText('text 3')).toBeInTheDocument();
    await waitFor(() => expect(joins()).toBe(2));
  });

  it('a refused chat message keeps the draft and shows the server\'s reason', async () => {
    server.use(
      http.post(api('/messages/stream/sc1'), () =>
        HttpResponse.json({ statusCode: 429, error: 'Too Many Requests', message: 'You are writing too fast' }, { status: 429 }),
      ),
    );
    joinAnswers(makeStreamView());
    renderWithStore(<WatchStreamPage id="aurora" />, FAN, liveStore());
    const box = await screen.findByLabelText('Chat message');
    fireEvent.change(box, { target: { value: 'spam' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await screen.findByText('You are writing too fast')).toBeInTheDocument();
    expect(box).toHaveValue('spam');
  });
});
