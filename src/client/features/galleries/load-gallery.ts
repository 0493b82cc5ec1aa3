import type { NextPageContext } from 'next';
import type { GalleryDetail } from '@/common/contract/galleries';
import { NOT_AVAILABLE_MESSAGE } from '@/common/contract/social';
import { getErrorMessage, messageOf } from '@/client/lib/error-message';
import { visitorHeaders } from '@/client/store/page-loader';
import { fetchGallery } from './galleries.api';

export interface GalleryPageProps {
  gallery: GalleryDetail | null;
  /** The server's 403 message: the creator blocked this viewer or the viewer's country. */
  notAvailable?: string;
  /** Set when the API failed for another reason than "not found" or "not available". */
  error?: string;
}

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';

/**
 * Data of /gallery/{id}: on the server for the first load (title and description for search
 * engines and shared links), in the browser on navigation. The visitor's token and address go
 * along, so locks and blocks are theirs. 403 → not available, 400/404 → not found (HTTP status kept).
 */
export async function loadGalleryPage(ctx: NextPageContext): Promise<GalleryPageProps> {
  try {
    const res = await fetchGallery(first(ctx.query.id), ctx, visitorHeaders(ctx.req));
    return { gallery: res.data };
  } catch (err) {
    const status = (err as { statusCode?: number } | null)?.statusCode;
    if (status === 403) {
      if (ctx.res) ctx.res.statusCode = 403;
      return { gallery: null, notAvailable: messageOf(err) ?? NOT_AVAILABLE_MESSAGE };
    }
    if (status === 404 || status === 400) {
      if (ctx.res) ctx.res.statusCode = 404;
      return { gallery: null };
    }
    if (ctx.res) ctx.res.statusCode = 502;
    return { gallery: null, error: getErrorMessage(err) };
  }
}
