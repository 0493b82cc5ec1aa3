import { sitePromoRoutes, type SitePromo, type SitePromoFields } from '@/common/contract/site-promos';
import type { Static } from 'typebox';
import { callRoute, routeUrl } from '@/client/lib/call-route';
import { upload } from '@/client/lib/upload';

export type PromoFields = Static<typeof SitePromoFields>;

/** One multipart request: the fields first, then the banner (the server checks the fields before storing the image). */
export const createPromo = (fields: PromoFields, image: File, onProgress?: (percent: number) => void) =>
  upload<{ data: SitePromo }>(sitePromoRoutes.adminCreate.url, [{ fieldname: 'image', file: image }], { customData: { ...fields }, onProgress });

export const updatePromo = (id: string, fields: Partial<PromoFields>) => callRoute(sitePromoRoutes.adminUpdate, { params: { id }, body: fields });

export const replacePromoImage = (id: string, image: File, onProgress?: (percent: number) => void) =>
  upload<{ data: SitePromo }>(routeUrl(sitePromoRoutes.adminReplaceImage.url, { id }), [{ fieldname: 'image', file: image }], { method: 'PUT', onProgress });

export const removePromo = (id: string) => callRoute(sitePromoRoutes.adminRemove, { params: { id } });
