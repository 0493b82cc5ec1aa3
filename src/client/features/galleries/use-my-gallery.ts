import useSWR from 'swr';
import { galleryRoutes, type GalleryDetail } from '@/common/contract/galleries';
import { callRoute, routeUrl } from '@/client/lib/call-route';
import { listSwrOptions } from '@/client/lib/swr-options';
import { useAppSelector } from '@/client/store/hooks';

/**
 * The creator's own gallery with every photo (GET .../galleries/:id/view), kept in SWR so each
 * change (upload, rename, cover, delete) can revalidate it. `id: null` waits for the router.
 */
export function useMyGallery(id: string | null) {
  const viewer = useAppSelector((s) => s.user.current._id);
  const key = id ? [routeUrl(galleryRoutes.mineDetail.url, { id }), viewer] as const : null;
  const swr = useSWR<GalleryDetail, unknown>(key, async () => (await callRoute(galleryRoutes.mineDetail, { params: { id: id! } })).data, listSwrOptions());
  return { gallery: swr.data, error: swr.error, isLoading: swr.isLoading, reload: () => swr.mutate(), setGallery: (g: GalleryDetail) => swr.mutate(g, { revalidate: false }) };
}
