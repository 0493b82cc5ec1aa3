import type { NextPageContext } from 'next';
import type { Product } from '@/common/contract/products';
import { NOT_AVAILABLE_MESSAGE } from '@/common/contract/social';
import { getErrorMessage, messageOf } from '@/client/lib/error-message';
import { visitorHeaders } from '@/client/store/page-loader';
import { fetchProduct } from './products.api';

export interface ProductPageProps {
  product: Product | null;
  /** The server's 403 message: the creator blocked this viewer or the viewer's country. */
  notAvailable?: string;
  /** Set when the API failed for another reason than "not found" or "not available". */
  error?: string;
}

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';

/**
 * Data of /product/[id]: rendered on the server for the first load (shared links and crawlers get
 * the title, picture and price), fetched in the browser on navigation. On the server the visitor's
 * token (cookie) and address (X-Forwarded-For) go along: country blocks and "bought" depend on them.
 * 403 → not available (HTTP 403); 404 or a malformed id → not found (HTTP 404).
 */
export async function loadProductPage(ctx: NextPageContext): Promise<ProductPageProps> {
  try {
    const res = await fetchProduct(first(ctx.query.id), ctx, visitorHeaders(ctx.req));
    return { product: res.data };
  } catch (err) {
    const status = (err as { statusCode?: number } | null)?.statusCode;
    if (status === 403) {
      if (ctx.res) ctx.res.statusCode = 403;
      return { product: null, notAvailable: messageOf(err) ?? NOT_AVAILABLE_MESSAGE };
    }
    if (status === 404 || status === 400) {
      if (ctx.res) ctx.res.statusCode = 404;
      return { product: null };
    }
    if (ctx.res) ctx.res.statusCode = 502;
    return { product: null, error: getErrorMessage(err) };
  }
}
