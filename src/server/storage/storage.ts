import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. Keys are slash-separated paths; everything under `public/` may be
 * served to anyone through `GET /files/public/*`, everything else (identity documents, selfies,
 * paid originals) only through code that checks access. Local disk now, S3-compatible later.
 */
export interface StoredObject {
  stream: Readable;
  contentType: string;
  size: number;
  modifiedAt: Date;
}

export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is no such key. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; a missing key is not an error (deletes are retried and best-effort). */
  delete(key: string): Promise<void>;
  /** Absolute URL for a `public/` key. */
  publicUrl(key: string): string;
}

export const PUBLIC_PREFIX = 'public/';
export const PRIVATE_PREFIX = 'private/';

const KEY_PATTERN = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i;

/** Keys come from our own code, but a URL path reaches `get`: refuse anything that could escape. */
export function isValidKey(key: string): boolean {
  return key.length <= 512 && KEY_PATTERN.test(key) && !key.split('/').some((part) => part === '..' || part === '.');
}

export function isPublicKey(key: string): boolean {
  return key.startsWith(PUBLIC_PREFIX) && isValidKey(key);
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  mkv: 'video/x-matroska',
  pdf: 'application/pdf',
};

/** Content type from the key's extension: every key we write carries the extension of its bytes. */
export function contentTypeOf(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}
