import type { NextPageContext } from 'next';
import type { Feed } from '@/common/contract/feeds';
import { NOT_AVAILABLE_MESSAGE } from '@/common/contract/social';
import { getErrorMessage, messageOf } from '@/client/lib/error-message';
import { visitorHeaders } from '@/client/store/page-loader';
import { fetchFeed } from './feeds.api';

export interface PostPageProps {
  feed: Feed | null;
  /** The server's 403 message: the creator blocked this viewer or the viewer's country. */
  notAvailable?: string;
  /** Set when the API failed for another reason than "not found" or "not available". */
  error?: string;
}

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';

/**
 * Data of /post/{id}: on the server for the first load (title, description and picture tags for
 * shared links), in the browser on navigation. The visitor's token and address go along, so
 * access and country blocks are theirs. 404 (or a malformed id) → not found, 403 → not available.
 */
export async function loadPostPage(ctx: NextPageContext): Promise<PostPageProps> {
  try {
    const res = await fetchFeed(first(ctx.query.id), ctx, visitorHeaders(ctx.req));
    return { feed: res.data };
  } catch (err) {
    const status = (err as { statusCode?: number } | null)?.statusCode;
    if (status === 403) {
      if (ctx.res) ctx.res.statusCode = 403;
      return { feed: null, notAvailable: messageOf(err) ?? NOT_AVAILABLE_MESSAGE };
    }
    if (status === 404 || status === 400) {
      if (ctx.res) ctx.res.statusCode = 404;
      return { feed: null };
    }
    if (ctx.res) ctx.res.statusCode = 502;
    return { feed: null, error: getErrorMessage(err) };
  }
}
