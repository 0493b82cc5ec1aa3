import { AGORA_JOIN_TIMEOUT_MS, createLocalTracks, publishTracks, watchChannel } from '@/client/features/streaming/lib/agora-client';
import type { AgoraToken } from '@/common/contract/streaming';

type Listener = (...args: unknown[]) => unknown;

/** A fake Agora client: records calls and lets the test fire its events. */
function fakeClient() {
  const listeners = new Map<string, Listener>();
  return {
    listeners,
    on: jest.fn((event: string, fn: Listener) => listeners.set(event, fn)),
    join: jest.fn(() => Promise.resolve(5)),
    publish: jest.fn(() => Promise.resolve()),
    subscribe: jest.fn(() => Promise.resolve()),
    leave: jest.fn(() => Promise.resolve()),
    renewToken: jest.fn(() => Promise.resolve()),
  };
}

const mockAgora = {
  clients: [] as ReturnType<typeof fakeClient>[],
  createClient: jest.fn(() => {
    const c = fakeClient();
    mockAgora.clients.push(c);
    return c;
  }),
  createMicrophoneAndCameraTracks: jest.fn(),
  setLogLevel: jest.fn(),
};
jest.mock('agora-rtc-sdk-ng', () => ({ __esModule: true, default: mockAgora }));

const token = (value: string): AgoraToken => ({
  appId: 'app', channelName: 'stream-s1', uid: 5, token: value, role: 'publisher', expiresAt: '2030-01-01T00:00:00.000Z',
});

beforeEach(() => {
  mockAgora.clients = [];
  jest.clearAllMocks();
});

describe('agora-client wrapper', () => {
  it('creates the camera and microphone tracks and previews the camera', async () => {
    const video = { play: jest.fn(), close: jest.fn() };
    const audio = { close: jest.fn() };
    mockAgora.createMicrophoneAndCameraTracks.mockResolvedValue([audio, video]);
    const tracks = await createLocalTracks();
    const box = document.createElement('div');
    tracks.play(box);
    expect(video.play).toHaveBeenCalledWith(box);
    tracks.close();
    expect(video.close).toHaveBeenCalled();
    expect(audio.close).toHaveBeenCalled();
  });

  it('publishes as host with our token, renews it before it expires, and leaves', async () => {
    const fetchToken = jest.fn().mockResolvedValueOnce(token('first')).mockResolvedValueOnce(token('second'));
    const tracks = { audio: { id: 'a' }, video: { id: 'v' }, play: jest.fn(), close: jest.fn() };
    const session = await publishTracks(tracks as never, 'stream-s1', fetchToken);
    const client = mockAgora.clients[0];
    expect(mockAgora.createClient).toHaveBeenCalledWith(expect.objectContaining({ mode: 'live', role: 'host' }));
    expect(client.join).toHaveBeenCalledWith('app', 'stream-s1', 'first', 5);
    expect(client.publish).toHaveBeenCalledWith([tracks.audio, tracks.video]);
    await client.listeners.get('token-privilege-will-expire')!();
    expect(client.renewToken).toHaveBeenCalledWith('second');
    await session.leave();
    expect(client.leave).toHaveBeenCalled();
  });

  it('watches as audience and plays the creator\'s tracks when published', async () => {
    const onVideo = jest.fn();
    const box = document.createElement('div');
    await watchChannel(box, 'stream-s1', () => Promise.resolve(token('t')), onVideo);
    const client = mockAgora.clients[0];
    expect(mockAgora.createClient).toHaveBeenCalledWith(expect.objectContaining({ role: 'audience' }));
    const user = { videoTrack: { play: jest.fn() }, audioTrack: { play: jest.fn() } };
    await client.listeners.get('user-published')!(user, 'video');
    await client.listeners.get('user-published')!(user, 'audio');
    expect(client.subscribe).toHaveBeenCalledWith(user, 'video');
    expect(user.videoTrack.play).toHaveBeenCalledWith(box);
    expect(user.audioTrack.play).toHaveBeenCalled();
    expect(onVideo).toHaveBeenCalledWith(true);
    client.listeners.get('user-unpublished')!(user, 'video');
    expect(onVideo).toHaveBeenLastCalledWith(false);
  });

  it('gives up a join that hangs (Agora unreachable) and leaves the half-open client', async () => {
    jest.useFakeTimers();
    try {
      mockAgora.createClient.mockImplementationOnce(() => {
        const c = fakeClient();
        c.join.mockReturnValue(new Promise(() => undefined));
        mockAgora.clients.push(c);
        return c;
      });
      const joining = watchChannel(document.createElement('div'), 'stream-s1', () => Promise.resolve(token('t')));
      const failed = expect(joining).rejects.toThrow('Video connection timed out');
      await jest.advanceTimersByTimeAsync(AGORA_JOIN_TIMEOUT_MS);
      await failed;
      expect(mockAgora.clients[0].leave).toHaveBeenCalled();
    } finally {
      jest.useRealTimers();
    }
  });
});
