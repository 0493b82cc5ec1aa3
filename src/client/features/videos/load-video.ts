import type { NextPageContext } from 'next';
import type { Video } from '@/common/contract/videos';
import { NOT_AVAILABLE_MESSAGE } from '@/common/contract/social';
import { getErrorMessage, messageOf } from '@/client/lib/error-message';
import { visitorHeaders } from '@/client/store/page-loader';
import { fetchVideo } from './videos.api';

export interface VideoPageProps {
  video: Video | null;
  /** The server's 403 message: the creator blocked this viewer or the viewer's country. */
  notAvailable?: string;
  /** Set when the API failed for another reason than "not found" or "not available". */
  error?: string;
}

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';

/**
 * Data of /video/[id]: on the server for the first load (title and meta tags for shared links),
 * in the browser on navigation. The visitor's cookie and IP go along, since locks and blocks
 * depend on who is looking. 403 → not available; 404 (and a malformed id) → not found.
 */
export async function loadVideoPage(ctx: NextPageContext): Promise<VideoPageProps> {
  try {
    const res = await fetchVideo(first(ctx.query.id), ctx, visitorHeaders(ctx.req));
    return { video: res.data };
  } catch (err) {
    const status = (err as { statusCode?: number } | null)?.statusCode;
    if (status === 403) {
      if (ctx.res) ctx.res.statusCode = 403;
      return { video: null, notAvailable: messageOf(err) ?? NOT_AVAILABLE_MESSAGE };
    }
    if (status === 404 || status === 400) {
      if (ctx.res) ctx.res.statusCode = 404;
      return { video: null };
    }
    if (ctx.res) ctx.res.statusCode = 502;
    return { video: null, error: getErrorMessage(err) };
  }
}
