import type { NextPageContext } from 'next';
import { performerRoutes } from '@/common/contract/performers';
import { sitePromoRoutes } from '@/common/contract/site-promos';
import { callRoute, type EnvelopeOf } from '@/client/lib/call-route';
import { visitorHeaders } from '@/client/store/page-loader';

import { PROMOS_LIMIT } from './components/promo-banners';

export const LANDING_TOP_CREATORS = 8;

export interface LandingPageProps {
  promos?: EnvelopeOf<typeof sitePromoRoutes.search>;
  topCreators?: EnvelopeOf<typeof performerRoutes.top>;
}

/**
 * The start page's banners and top creators, fetched together while the server renders it, so a
 * visitor's first paint shows them (the banner image is what the page is judged by) instead of
 * placeholders that the browser fills in after the scripts ran. A call that fails is left to the
 * browser, as is everything on navigation inside the app.
 */
export async function loadLandingPage(ctx: NextPageContext): Promise<LandingPageProps> {
  if (!ctx.req) return {};
  const headers = visitorHeaders(ctx.req);
  const [promos, topCreators] = await Promise.all([
    callRoute(sitePromoRoutes.search, { query: { position: 'landing', limit: PROMOS_LIMIT }, ctx, headers, authRedirect: false }).catch(() => undefined),
    callRoute(performerRoutes.top, { query: { limit: LANDING_TOP_CREATORS }, ctx, headers, authRedirect: false }).catch(() => undefined),
  ]);
  return { ...(promos && { promos }), ...(topCreators && { topCreators }) };
}
