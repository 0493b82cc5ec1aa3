import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { CreatorLivePage } from '@/client/features/streaming/components/creator-live-page';
import { LIVE_OFF } from '@/client/features/streaming/components/live-list-page';
import { VIDEO_FAILED } from '@/client/features/streaming/components/live-video';
import { createLocalTracks, publishTracks } from '@/client/features/streaming/lib/agora-client';
import { toast } from '@/client/lib/toast';
import { setDuration } from '@/client/features/streaming/streaming.api';
import { STREAM_HEARTBEAT_SECONDS, STREAM_MESSAGE_DELETED_TEXT, type MyStreaming, type Stream } from '@/common/contract/streaming';
import { api, installMswServer, server } from '../../../support/msw';
import { makePerformer } from '../../fixtures';
import { mockRouter } from '../discovery/render-page';
import { renderWithStore } from '../videos/render-video';
import { makeStream, newestFirst } from './stream-fixtures';
import { liveStore, makeFakeSocket } from './streaming-test-setup';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));
jest.mock('@/client/lib/toast', () => ({ toast: { success: jest.fn(), error: jest.fn(), info: jest.fn() } }));
const mockSocket = makeFakeSocket();
jest.mock('@/client/lib/socket', () => ({ get socketService() { return mockSocket.socketService; } }));
// The heartbeat call can be replaced per test; by default it is the real one (through msw).
jest.mock('@/client/features/streaming/streaming.api', () => {
  const actual = jest.requireActual('@/client/features/streaming/streaming.api');
  return { ...actual, setDuration: jest.fn(actual.setDuration) };
});
jest.mock('@/client/features/streaming/lib/agora-client', () => ({
  createLocalTracks: jest.fn(),
  publishTracks: jest.fn(),
  watchChannel: jest.fn(),
}));
jest.setTimeout(60_000);

installMswServer();

const CREATOR = makePerformer({ _id: 'p1' });
const tracks = { play: jest.fn(), close: jest.fn(), video: {}, audio: {} };
const session = { leave: jest.fn(() => Promise.resolve()) };
const settings = { title: 'Hello', description: '', access: 'free' as const, price: 0 };
const me = (over: Partial<MyStreaming> = {}): MyStreaming => ({ settings, current: null, enabled: true, ...over });

beforeEach(() => {
  jest.clearAllMocks();
  jest.mocked(createLocalTracks).mockResolvedValue(tracks as never);
  jest.mocked(publishTracks).mockResolvedValue(session);
  mockRouter({}, '/creator/live');
  server.use(
    http.get(api('/messages/total-unread-messages'), () => HttpResponse.json({ data: { total: 0 } })),
    http.get(api('/follows/following/ids'), () => HttpResponse.json({ data: [] })),
    http.get(api('/messages/stream/sc1'), () => HttpResponse.json({ data: { data: newestFirst(2), total: 2 } })),
  );
});
afterEach(() => jest.useRealTimers());

const answerMe = (value: MyStreaming) => server.use(http.get(api('/streaming/me'), () => HttpResponse.json({ data: value })));
const confirm = async (text: string) => fireEvent.click((await screen.findAllByText(text)).at(-1)!);

describe('/creator/live', () => {
  it('is disabled while the site has live streaming off', async () => {
    answerMe(me({ enabled: false }));
    renderWithStore(<CreatorLivePage />, CREATOR, liveStore());
    expect(await screen.findByText(LIVE_OFF)).toBeInTheDocument();
  });

  it('previews the camera, goes live as Paid with a price, publishes, and ends the stream', async () => {
    answerMe(me());
    const bodies: Record<string, unknown> = {};
    const live = makeStream({ access: 'sale', price: 5, title: 'Paid show' });
    server.use(
      http.post(api('/streaming/live'), async ({ request }) => {
        bodies.live = await request.json();
        return HttpResponse.json({ data: live });
      }),
      http.put(api('/streaming/live/s1'), async ({ request }) => {
        bodies.end = await request.json();
        return HttpResponse.json({ data: { ...live, isStreaming: false } });
      }),
    );
    renderWithStore(<CreatorLivePage />, CREATOR, liveStore());
    await waitFor(() => expect(tracks.play).toHaveBeenCalled());
    expect(screen.queryByLabelText('Ticket price (tokens)')).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Paid show' } });
    fireEvent.click(screen.getByText('Paid'));
    fireEvent.change(await screen.findByLabelText('Ticket price (tokens)'), { target: { value: '5' } });
    fireEvent.click(screen.getByText('Go live'));
    expect(await screen.findByText('End stream')).toBeInTheDocument();
    expect(bodies.live).toEqual({ title: 'Paid show', description: '', access: 'sale', price: 5 });
    await waitFor(() => expect(publishTracks).toHaveBeenCalledWith(tracks, 'stream-s1', expect.any(Function)));
    expect(screen.getByText('LIVE')).toBeInTheDocument();
    expect(screen.getByText('5.00 tokens')).toBeInTheDocument();
    expect(await screen.findByText('7 watching')).toBeInTheDocument();
    expect(await screen.findByText('text 2')).toBeInTheDocument();

    fireEvent.click(screen.getByText('End stream'));
    await confirm('End stream');
    expect(await screen.findByText('Go live')).toBeInTheDocument();
    expect(bodies.end).toEqual({ isStreaming: false });
    await waitFor(() => expect(session.leave).toHaveBeenCalled());
  });

  it('shows the server\'s message when going live is refused', async () => {
    answerMe(me());
    server.use(
      http.post(api('/streaming/live'), () =>
        HttpResponse.json({ statusCode: 422, error: 'Unprocessable Entity', message: 'Live streaming is not enabled on this site' }, { status: 422 }),
      ),
    );
    renderWithStore(<CreatorLivePage />, CREATOR, liveStore());
    fireEvent.click(await screen.findByText('Go live'));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Live streaming is not enabled on this site'));
    expect(screen.getByText('Go live')).toBeInTheDocument();
  });

  it('offline: the stream stays live with an inline video message', async () => {
    answerMe(me({ current: makeStream() }));
    jest.mocked(publishTracks).mockRejectedValue(new Error('AgoraRTCError CAN_NOT_GET_GATEWAY_SERVER'));
    renderWithStore(<CreatorLivePage />, CREATOR, liveStore());
    expect(await screen.findByText(VIDEO_FAILED)).toBeInTheDocument();
    expect(screen.getByText('End stream')).toBeInTheDocument();
    expect(screen.getByText('Retry')).toBeInTheDocument();
  });

  it('moderates the chat: delete a message, clear the chat, close and reopen it', async () => {
    answerMe(me({ current: makeStream() }));
    const calls: string[] = [];
    server.use(
      http.delete(api('/messages/m1'), () => {
        calls.push('delete m1');
        return HttpResponse.json({ data: newestFirst(1)[0] });
      }),
      http.delete(api('/messages/stream/sc1/remove-all-message'), () => {
        calls.push('clear');
        return HttpResponse.json({ success: true });
      }),
      http.put(api('/conversations/stream/sc1/update'), async ({ request }) => {
        const body = (await request.json()) as { isChatClosed: boolean };
        calls.push(`closed=${body.isChatClosed}`);
        return HttpResponse.json({ data: { conversationId: 'sc1', streamId: 's1', isChatClosed: body.isChatClosed } });
      }),
    );
    renderWithStore(<CreatorLivePage />, CREATOR, liveStore());
    expect(await screen.findByText('text 1')).toBeInTheDocument();
    fireEvent.click(screen.getAllByLabelText('Delete message from Fan One')[0]);
    await confirm('Delete');
    expect(await screen.findByText(STREAM_MESSAGE_DELETED_TEXT)).toBeInTheDocument();
    fireEvent.click(screen.getByText('Clear chat'));
    await confirm('Clear');
    await waitFor(() => expect(screen.getAllByText(STREAM_MESSAGE_DELETED_TEXT)).toHaveLength(2));
    fireEvent.click(screen.getByText('Close chat'));
    expect(await screen.findByText('Reopen chat')).toBeInTheDocument();
    expect(screen.getByText('The creator closed the chat.')).toBeInTheDocument();
    // A button shows its spinner (and takes no click) until the call has settled.
    await waitFor(() => expect(screen.getByText('Reopen chat').closest('button')).not.toHaveClass('ant-btn-loading'));
    fireEvent.click(screen.getByText('Reopen chat'));
    await waitFor(() => expect(calls).toHaveLength(4));
    expect(await screen.findByText('Close chat')).toBeInTheDocument();
    expect(calls).toEqual(['delete m1', 'clear', 'closed=true', 'closed=false']);
  });

  it('reports the duration every heartbeat while live', async () => {
    // Only the intervals are faked: the requests, React and msw keep their real timers.
    jest.useFakeTimers({ doNotFake: ['Date', 'hrtime', 'nextTick', 'performance', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback', 'setImmediate', 'clearImmediate', 'setTimeout', 'clearTimeout'] });
    const startedAt = new Date(Date.now() - 45_000).toISOString();
    const stream: Stream = makeStream({ startedAt });
    answerMe(me({ current: stream }));
    // jsdom's XHR stalls under faked intervals, so this test replaces the heartbeat call itself.
    const beats = jest.mocked(setDuration).mockResolvedValue({ data: stream });
    renderWithStore(<CreatorLivePage />, CREATOR, liveStore());
    expect(await screen.findByText('End stream')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(STREAM_HEARTBEAT_SECONDS * 1000 - 1000));
    expect(beats).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1000));
    expect(beats).toHaveBeenCalledTimes(1);
    expect(beats.mock.calls[0][0].id).toBe('s1');
    expect(beats.mock.calls[0][0].duration).toBeGreaterThanOrEqual(45);
    act(() => jest.advanceTimersByTime(STREAM_HEARTBEAT_SECONDS * 1000));
    expect(beats).toHaveBeenCalledTimes(2);
    expect(beats.mock.calls[1][0].duration).toBeGreaterThanOrEqual(beats.mock.calls[0][0].duration);
  });
});
