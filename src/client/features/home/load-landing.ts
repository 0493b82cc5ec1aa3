import type { NextPageContext } from 'next';
import { sitePromoRoutes } from '@/common/contract/site-promos';
import { callRoute, type EnvelopeOf } from '@/client/lib/call-route';
import { visitorHeaders } from '@/client/store/page-loader';
import { PROMOS_LIMIT } from './components/promo-banners';

export interface LandingPageProps {
  promos?: EnvelopeOf<typeof sitePromoRoutes.search>;
}

/**
 * The start page's banners, fetched while the server renders it: the banner image is the largest
 * thing a visitor sees first, so it comes with the HTML instead of after the scripts ran and
 * asked for it. The top creators below it stay a browser call: their query costs the server
 * several times the banners' (a render of `/` with both made 25–34 pages/s against 77 without,
 * on PGlite), and their placeholders hold the room they take. A failed call is left to the
 * browser, as is everything on navigation inside the app.
 */
export async function loadLandingPage(ctx: NextPageContext): Promise<LandingPageProps> {
  if (!ctx.req) return {};
  const promos = await callRoute(sitePromoRoutes.search, {
    query: { position: 'landing', limit: PROMOS_LIMIT }, ctx, headers: visitorHeaders(ctx.req), authRedirect: false,
  }).catch(() => undefined);
  return promos ? { promos } : {};
}
