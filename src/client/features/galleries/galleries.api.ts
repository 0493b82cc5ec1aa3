import type { NextPageContext } from 'next';
import { galleryRoutes, type CreateGalleryBody, type GalleryPhoto, type UpdateGalleryBody, type UpdatePhotoBody } from '@/common/contract/galleries';
import { callRoute } from '@/client/lib/call-route';
import { upload } from '@/client/lib/upload';

export const createGallery = (body: CreateGalleryBody) => callRoute(galleryRoutes.create, { body });
export const updateGallery = (id: string, body: UpdateGalleryBody) => callRoute(galleryRoutes.update, { params: { id }, body });
export const deleteGallery = (id: string) => callRoute(galleryRoutes.remove, { params: { id } });

export const updatePhoto = (id: string, body: UpdatePhotoBody) => callRoute(galleryRoutes.updatePhoto, { params: { id }, body });
export const deletePhoto = (id: string) => callRoute(galleryRoutes.removePhoto, { params: { id } });
export const setGalleryCover = (id: string) => callRoute(galleryRoutes.setCover, { params: { id } });

/** One photo into one of my galleries (multipart: file, galleryId, title), with upload progress. */
export const uploadGalleryPhoto = (galleryId: string, file: File, onProgress: (percent: number) => void, signal?: AbortSignal) =>
  upload<{ data: GalleryPhoto }>(galleryRoutes.uploadPhoto.url, [{ fieldname: 'file', file }], { customData: { galleryId }, onProgress, signal });

/** Counts this visit (the server keeps one per viewer per hour). */
export const countGalleryView = (id: string) => callRoute(galleryRoutes.view, { params: { id } });

/**
 * The public detail, on the server with the visitor's token and address (blocking and country
 * rules apply to the visitor, not to the web process).
 */
export const fetchGallery = (id: string, ctx?: NextPageContext, headers?: Record<string, string>) =>
  callRoute(galleryRoutes.detail, { params: { id }, ctx, headers, authRedirect: false });
