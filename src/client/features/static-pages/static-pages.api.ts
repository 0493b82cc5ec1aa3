import type { NextPageContext } from 'next';
import { postRoutes } from '@/common/contract/posts';
import { callRoute } from '@/client/lib/call-route';

/** GET /posts/:id by slug (or id); the cookie's token goes along, so admins can preview drafts. */
export const fetchStaticPage = (slug: string, ctx?: NextPageContext) =>
  callRoute(postRoutes.view, { params: { id: slug }, ctx, authRedirect: false });

/** The footer's list: published pages in their order. */
export const FOOTER_PAGES_QUERY = { limit: 20 } as const;
