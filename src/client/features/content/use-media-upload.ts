import { useCallback, useEffect, useRef, useState } from 'react';
import type { MediaFileStatus, MediaFileView } from '@/common/contract/media';
import { upload } from '@/client/lib/upload';
import { request } from '@/client/lib/request';
import { getErrorMessage } from '@/client/lib/error-message';

export type UploadPhase = 'idle' | 'uploading' | 'processing' | 'ready' | 'failed';

export interface MediaUploadState {
  phase: UploadPhase;
  /** Percent of the bytes sent, 0..100. */
  percent: number;
  file: MediaFileView | null;
  /** The server's message for a refused upload, or the processing failure reason. */
  error: string | null;
}

export interface MediaUpload extends MediaUploadState {
  start(file: File, customData?: Record<string, unknown>): Promise<MediaFileView | null>;
  reset(): void;
}

/** How often a processing video or audio file is asked about; processing takes seconds to minutes. */
export const STATUS_POLL_MS = 2000;

const IDLE: MediaUploadState = { phase: 'idle', percent: 0, file: null, error: null };

/**
 * Uploads one file (spec 7: multipart with a progress callback) and, for videos and audio,
 * follows the processing job through a status URL until the file is ready or failed.
 * `statusUrl(file)` names the status endpoint for the uploaded file; polling stops on unmount.
 */
export function useMediaUpload(
  url: string,
  options: { field?: string; statusUrl?: (file: MediaFileView) => string } = {},
): MediaUpload {
  const { field = 'file', statusUrl } = options;
  const [state, setState] = useState<MediaUploadState>(IDLE);
  const alive = useRef(true);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      if (timer.current) clearTimeout(timer.current);
    };
  }, []);

  const poll = useCallback((file: MediaFileView) => {
    if (!statusUrl) return;
    timer.current = setTimeout(async () => {
      if (!alive.current) return;
      try {
        const res = await request<{ data: MediaFileStatus }>({ url: statusUrl(file), method: 'GET' });
        if (!alive.current) return;
        const { status, failureReason } = res.data;
        if (status === 'ready') setState((s) => ({ ...s, phase: 'ready', file: { ...file, status } }));
        else if (status === 'failed') setState((s) => ({ ...s, phase: 'failed', error: failureReason, file: { ...file, status, failureReason } }));
        else poll(file);
      } catch {
        // A failed poll is not a failed file: ask again later.
        if (alive.current) poll(file);
      }
    }, STATUS_POLL_MS);
  }, [statusUrl]);

  const start = useCallback(async (picked: File, customData?: Record<string, unknown>) => {
    if (timer.current) clearTimeout(timer.current);
    setState({ phase: 'uploading', percent: 0, file: null, error: null });
    try {
      const res = await upload<{ data: MediaFileView }>(url, [{ fieldname: field, file: picked }], {
        customData,
        onProgress: (percent) => alive.current && setState((s) => ({ ...s, percent })),
      });
      const file = res.data;
      if (!alive.current) return file;
      const processing = file.status === 'pending' || file.status === 'processing';
      setState({ phase: processing ? 'processing' : file.status === 'failed' ? 'failed' : 'ready', percent: 100, file, error: file.failureReason });
      if (processing) poll(file);
      return file;
    } catch (err) {
      if (alive.current) setState({ phase: 'idle', percent: 0, file: null, error: getErrorMessage(err) });
      return null;
    }
  }, [url, field, poll]);

  const reset = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    setState(IDLE);
  }, []);

  return { ...state, start, reset };
}
