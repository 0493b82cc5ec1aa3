import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. Keys are slash-separated paths; everything under `public/` may be
 * served to anyone through `GET /files/public/*`, `media/` only through signed URLs
 * (`GET /files/media/*`), everything else (identity documents, selfies) through no route at all.
 * Local disk by default, S3-compatible object storage when S3_BUCKET is set.
 */
export interface StoredObject {
  /** The whole object, or only `range` when one was asked for. */
  stream: Readable;
  contentType: string;
  /** Size of the whole object, whatever part of it `stream` carries. */
  size: number;
  modifiedAt: Date;
  /** The bytes `stream` carries (inclusive), when a range was asked for; null = the whole object. */
  range: { start: number; end: number } | null;
}

/** An HTTP byte range before the object's size is known: `start-[end]` or the last `suffix` bytes. */
export type ByteRange = { start: number; end?: number } | { suffix: number };

/** No byte of the range exists; `size` is the length of the object, which the 416 answer reports. */
export class RangeNotSatisfiableError extends Error {
  constructor(public readonly size: number) {
    super('Range not satisfiable');
    this.name = 'RangeNotSatisfiableError';
  }
}

/** Clamps a range to an object of `size` bytes; throws when no byte of it exists. */
export function resolveRange(range: ByteRange, size: number): { start: number; end: number } {
  if ('suffix' in range) {
    if (range.suffix <= 0 || size === 0) throw new RangeNotSatisfiableError(size);
    return { start: Math.max(0, size - range.suffix), end: size - 1 };
  }
  if (range.start >= size || (range.end !== undefined && range.end < range.start)) throw new RangeNotSatisfiableError(size);
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}

export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Stores a file from disk without reading it into memory (videos can be a gigabyte). */
  putFile(key: string, filePath: string, contentType: string): Promise<void>;
  /** The object (or the asked part of it), or null when there is no such key. */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  /** Removes the object; a missing key is not an error (deletes are retried and best-effort). */
  delete(key: string): Promise<void>;
  /** Absolute URL for a `public/` key. */
  publicUrl(key: string): string;
}

export const PUBLIC_PREFIX = 'public/';
export const PRIVATE_PREFIX = 'private/';
/** Content files (media_files rows): served only through signed URLs. */
export const MEDIA_PREFIX = 'media/';

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
  m4a: 'audio/mp4',
  mp3: 'audio/mpeg',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  flac: 'audio/flac',
  pdf: 'application/pdf',
  zip: 'application/zip',
  epub: 'application/epub+zip',
};

/** Content type from the key's extension: every key we write carries the extension of its bytes. */
export function contentTypeOf(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}
