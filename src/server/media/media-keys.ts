import { MEDIA_PREFIX } from '../storage/storage';

/**
 * Where a media file's objects live: `media/<ownerId>/<fileId>/<name>`. Never under `public/`, so
 * only a signed URL reaches them; the owner and file ids keep every file's objects together.
 */
export const mediaKey = (ownerId: string, fileId: string, name: string) => `${MEDIA_PREFIX}${ownerId}/${fileId}/${name}`;

export const ORIGINAL = (ext: string) => `original.${ext}`;
export const MAIN = (ext: string) => `main.${ext}`;
export const THUMBNAIL = 'thumb.webp';
export const PREVIEW = 'preview.webp';

/** Every object a row names, for deleting them together. */
export function keysOf(row: { originalKey: string | null; mainKey: string | null; thumbnailKey: string | null; previewKey: string | null }): string[] {
  return [...new Set([row.originalKey, row.mainKey, row.thumbnailKey, row.previewKey].filter((k): k is string => Boolean(k)))];
}
