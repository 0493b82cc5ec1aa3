import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Flex, Spin, Typography } from 'antd';
import { ReloadOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { agoraToken } from '../streaming.api';
import { createLocalTracks, publishTracks, watchChannel, type LiveSession, type LocalTracks } from '../lib/agora-client';
import styles from './streaming.module.css';

/** Offline (or Agora unreachable) the video fails; the rest of the page keeps working. */
export const VIDEO_FAILED = 'Video could not connect. Chat still works.';
export const CAMERA_FAILED = 'Camera or microphone could not start. Allow them in the browser and retry.';

export interface LiveVideoProps {
  /** `publish`: the creator's camera (preview, and published while `live`); `watch`: a viewer. */
  mode: 'publish' | 'watch';
  channelName: string | null;
  /** Publish mode: send the camera to the channel. */
  live?: boolean;
}

type Status = 'idle' | 'connecting' | 'connected' | 'failed';

const fetchTokenFor = (channelName: string) => () => agoraToken(channelName).then((res) => res.data);

/**
 * Agora video of a stream. Each failure is shown inline with a Retry button and never thrown:
 * chat, tickets and the stream's state do not depend on the video.
 */
export function LiveVideo({ mode, channelName, live = false }: LiveVideoProps) {
  const box = useRef<HTMLDivElement>(null);
  const tracks = useRef<LocalTracks | null>(null);
  const [cameraReady, setCameraReady] = useState(false);
  const [cameraError, setCameraError] = useState(false);
  const [status, setStatus] = useState<Status>('idle');
  const [playing, setPlaying] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [cameraAttempt, setCameraAttempt] = useState(0);

  // The creator's camera: previewed from the start, closed on unmount.
  useEffect(() => {
    if (mode !== 'publish') return undefined;
    let gone = false;
    setCameraError(false);
    createLocalTracks().then(
      (t) => {
        if (gone) {
          t.close();
          return;
        }
        tracks.current = t;
        if (box.current) t.play(box.current);
        setCameraReady(true);
      },
      () => {
        if (!gone) setCameraError(true);
      },
    );
    return () => {
      gone = true;
      tracks.current?.close();
      tracks.current = null;
      setCameraReady(false);
    };
  }, [mode, cameraAttempt]);

  // Joining the channel: the creator once live with a camera, a viewer at once. Left on unmount.
  const shouldJoin = Boolean(channelName) && (mode === 'watch' || (live && cameraReady));
  useEffect(() => {
    if (!shouldJoin || !channelName) {
      setStatus('idle');
      return undefined;
    }
    let gone = false;
    let session: LiveSession | null = null;
    setStatus('connecting');
    const joining =
      mode === 'publish' && tracks.current
        ? publishTracks(tracks.current, channelName, fetchTokenFor(channelName))
        : watchChannel(box.current as HTMLElement, channelName, fetchTokenFor(channelName), (p) => !gone && setPlaying(p));
    joining.then(
      (s) => {
        session = s;
        if (gone) void s.leave().catch(() => undefined);
        else setStatus('connected');
      },
      () => {
        if (!gone) setStatus('failed');
      },
    );
    return () => {
      gone = true;
      void session?.leave().catch(() => undefined);
    };
  }, [shouldJoin, channelName, mode, attempt]);

  const retry = useCallback(() => {
    if (cameraError) setCameraAttempt((n) => n + 1);
    else setAttempt((n) => n + 1);
  }, [cameraError]);

  const failure = cameraError ? CAMERA_FAILED : status === 'failed' ? VIDEO_FAILED : null;
  const waiting = mode === 'watch' && status === 'connected' && !playing;

  return (
    <div className={styles.video}>
      <div ref={box} className={styles.videoBox} data-testid="live-video" />
      {failure ? (
        <Flex vertical align="center" justify="center" gap={12} className={styles.videoOverlay} role="alert">
          <Typography.Text className={styles.overlayText}>{failure}</Typography.Text>
          <Button icon={<ReloadOutlined />} onClick={retry}>
            Retry
          </Button>
        </Flex>
      ) : status === 'connecting' ? (
        <Flex vertical align="center" justify="center" gap={8} className={styles.videoOverlay}>
          <Spin />
          <Typography.Text className={styles.overlayText}>Connecting video…</Typography.Text>
        </Flex>
      ) : waiting ? (
        <Flex vertical align="center" justify="center" gap={8} className={styles.videoOverlay}>
          <VideoCameraOutlined style={{ fontSize: 32 }} />
          <Typography.Text className={styles.overlayText}>Waiting for the creator&apos;s video…</Typography.Text>
        </Flex>
      ) : null}
    </div>
  );
}
