import type { NextPageContext } from 'next';
import type { Post } from '@/common/contract/posts';
import { getErrorMessage } from '@/client/lib/error-message';
import { fetchStaticPage } from './static-pages.api';

export interface StaticPageProps {
  page: Post | null;
  /** Set when the API failed for another reason than "not found". */
  error?: string;
}

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';

/**
 * Data of /page/{slug}: rendered on the server for the first load (search engines and shared
 * links see the text), fetched in the browser on navigation. Missing or draft → HTTP 404.
 */
export async function loadStaticPage(ctx: NextPageContext): Promise<StaticPageProps> {
  try {
    const res = await fetchStaticPage(first(ctx.query.slug), ctx);
    return { page: res.data };
  } catch (err) {
    const status = (err as { statusCode?: number } | null)?.statusCode;
    if (status === 404 || status === 400) {
      if (ctx.res) ctx.res.statusCode = 404;
      return { page: null };
    }
    if (ctx.res) ctx.res.statusCode = 502;
    return { page: null, error: getErrorMessage(err) };
  }
}
