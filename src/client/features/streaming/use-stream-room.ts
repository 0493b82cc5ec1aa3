import { useEffect, useState } from 'react';
import { socketService } from '@/client/lib/socket';
import type { StreamRoomAck, StreamUpdatedPayload, StreamViewersPayload } from '@/common/contract/realtime';
import type { Stream } from '@/common/contract/streaming';

export const STREAM_UPDATED = 'stream_updated';
export const STREAM_VIEWERS = 'stream_viewers';
const JOIN_RETRIES = 3;
const JOIN_RETRY_MS = 1000;

export interface StreamRoom {
  /** The count from the join ack and `stream_viewers`; null until one arrives. */
  viewerCount: number | null;
  /** The latest `stream_updated` of this stream (title, chat closed, ended). */
  update: Stream | null;
}

/**
 * Joins the stream's socket room while mounted (and again after every reconnect, since a new
 * connection is in no room), so the chat events and the stream's state arrive; leaves on unmount.
 */
export function useStreamRoom(streamId: string | null | undefined): StreamRoom {
  const [viewerCount, setViewerCount] = useState<number | null>(null);
  const [update, setUpdate] = useState<Stream | null>(null);

  useEffect(() => {
    if (!streamId) return undefined;
    setUpdate(null);
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A join sent before the server bound the socket to the user (auth/login) is refused: retry.
    const join = (attempt = 0) => {
      clearTimeout(timer);
      socketService.emit('stream/join', { streamId }, (ack: StreamRoomAck) => {
        if (ack?.ok) setViewerCount(ack.viewerCount);
        else if (attempt < JOIN_RETRIES) timer = setTimeout(() => join(attempt + 1), JOIN_RETRY_MS);
      });
    };
    const onViewers = (p: StreamViewersPayload) => {
      if (p.streamId === streamId) setViewerCount(p.viewerCount);
    };
    const onUpdated = (p: StreamUpdatedPayload) => {
      if (p.stream._id === streamId) setUpdate(p.stream);
    };
    socketService.on(STREAM_VIEWERS, onViewers);
    socketService.on(STREAM_UPDATED, onUpdated);
    const unsubscribe = socketService.subscribe?.((status) => {
      // After auth/login, which the socket service sends right after this status change.
      if (status === 'connected') timer = setTimeout(() => join(), 0);
    });
    join();
    return () => {
      socketService.off(STREAM_VIEWERS, onViewers);
      socketService.off(STREAM_UPDATED, onUpdated);
      unsubscribe?.();
      clearTimeout(timer);
      socketService.emit('stream/leave', { streamId });
    };
  }, [streamId]);

  return { viewerCount, update };
}
