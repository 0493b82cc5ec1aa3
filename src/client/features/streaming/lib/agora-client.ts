import type { IAgoraRTCClient, ICameraVideoTrack, IMicrophoneAudioTrack } from 'agora-rtc-sdk-ng';
import type { AgoraToken } from '@/common/contract/streaming';

/**
 * The one place that touches `agora-rtc-sdk-ng`. The SDK reads `window` when it loads, so it is
 * imported inside these functions (browser only), and the components using this module are loaded
 * with `next/dynamic(..., { ssr: false })`. Tests replace this module as a whole.
 */

/** Asks our API for an RTC token of the channel (`POST /streaming/agora/token`). */
export type TokenSource = () => Promise<AgoraToken>;

/** Offline (or with Agora unreachable) a join can retry for a long time: give up after this. */
export const AGORA_JOIN_TIMEOUT_MS = 15_000;

async function sdk() {
  const mod = await import('agora-rtc-sdk-ng');
  const AgoraRTC = mod.default;
  // The SDK logs every step at info level; warnings and errors are enough in the console.
  AgoraRTC.setLogLevel?.(2);
  return AgoraRTC;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Video connection timed out')), ms);
    work.then(
      (v) => { clearTimeout(timer); resolve(v); },
      (e: unknown) => { clearTimeout(timer); reject(e instanceof Error ? e : new Error(String(e))); },
    );
  });
}

/** Renews the token shortly before it runs out, so a long stream is not cut off. */
function renewTokens(client: IAgoraRTCClient, fetchToken: TokenSource) {
  client.on('token-privilege-will-expire', async () => {
    try {
      const next = await fetchToken();
      await client.renewToken(next.token);
    } catch {
      // The next warning ('token-privilege-did-expire' drops the connection) shows on the page.
    }
  });
}

export interface LocalTracks {
  /** Shows the camera in the element (muted preview). */
  play(container: HTMLElement): void;
  close(): void;
  readonly video: ICameraVideoTrack;
  readonly audio: IMicrophoneAudioTrack;
}

/** The creator's camera and microphone (asks the browser's permission). */
export async function createLocalTracks(): Promise<LocalTracks> {
  const AgoraRTC = await sdk();
  const [audio, video] = await AgoraRTC.createMicrophoneAndCameraTracks();
  return {
    audio,
    video,
    play: (container) => video.play(container),
    close: () => {
      audio.close();
      video.close();
    },
  };
}

export interface LiveSession {
  leave(): Promise<void>;
}

/** The creator: joins the stream's channel as host and publishes the camera and microphone. */
export async function publishTracks(tracks: LocalTracks, channelName: string, fetchToken: TokenSource): Promise<LiveSession> {
  const AgoraRTC = await sdk();
  const client = AgoraRTC.createClient({ mode: 'live', codec: 'vp8', role: 'host' });
  renewTokens(client, fetchToken);
  try {
    const token = await fetchToken();
    await withTimeout(client.join(token.appId, channelName, token.token, token.uid), AGORA_JOIN_TIMEOUT_MS);
    await client.publish([tracks.audio, tracks.video]);
  } catch (err) {
    await client.leave().catch(() => undefined);
    throw err;
  }
  return { leave: () => client.leave() };
}

/** A viewer: joins as audience and plays the creator's video and audio once published. */
export async function watchChannel(
  container: HTMLElement,
  channelName: string,
  fetchToken: TokenSource,
  onVideo?: (playing: boolean) => void,
): Promise<LiveSession> {
  const AgoraRTC = await sdk();
  const client = AgoraRTC.createClient({ mode: 'live', codec: 'vp8', role: 'audience' });
  renewTokens(client, fetchToken);
  client.on('user-published', async (user, mediaType) => {
    await client.subscribe(user, mediaType);
    if (mediaType === 'video') {
      user.videoTrack?.play(container);
      onVideo?.(true);
    } else user.audioTrack?.play();
  });
  client.on('user-unpublished', (_user, mediaType) => {
    if (mediaType === 'video') onVideo?.(false);
  });
  try {
    const token = await fetchToken();
    await withTimeout(client.join(token.appId, channelName, token.token, token.uid), AGORA_JOIN_TIMEOUT_MS);
  } catch (err) {
    await client.leave().catch(() => undefined);
    throw err;
  }
  return { leave: () => client.leave() };
}
