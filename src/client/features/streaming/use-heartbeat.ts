import { useEffect, useRef } from 'react';
import { STREAM_HEARTBEAT_SECONDS, type Stream } from '@/common/contract/streaming';
import { secondsSince } from './format-duration';
import { setDuration } from './streaming.api';

/**
 * While the creator is live, reports the duration every STREAM_HEARTBEAT_SECONDS (a stream whose
 * creator stopped reporting is ended by the server). `onStream` receives the server's answer,
 * e.g. a stream the server ended meanwhile.
 */
export function useHeartbeat(stream: Pick<Stream, '_id' | 'startedAt'> | null, onStream: (s: Stream) => void) {
  const latest = useRef(onStream);
  latest.current = onStream;
  const id = stream?._id;
  const startedAt = stream?.startedAt;
  useEffect(() => {
    if (!id || !startedAt) return undefined;
    const timer = setInterval(() => {
      setDuration({ id, duration: secondsSince(startedAt) }).then(
        (res) => latest.current(res.data),
        () => undefined, // A missed beat is harmless; the next one reports the full duration.
      );
    }, STREAM_HEARTBEAT_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [id, startedAt]);
}
