import path from 'node:path';
import { badRequest } from '../lib/http-error';

export const FILE_NAME_NOT_ALLOWED = 'The file name is not allowed';
const MAX_NAME_LENGTH = 255;

/**
 * The uploaded name is kept only to name downloads. A name with a path in it (`/`, `\`, `..`), NUL
 * or control characters is refused outright rather than cleaned: it is either a client bug or an
 * attempt to reach another folder, and a readable 400 helps in both cases.
 */
export function checkFileName(name: string | undefined, field: string): string {
  const trimmed = (name ?? '').trim();
  // eslint-disable-next-line no-control-regex
  if (/[/\\\u0000-\u001f\u007f]/.test(trimmed) || trimmed.includes('..')) {
    throw badRequest(FILE_NAME_NOT_ALLOWED, [{ field, message: FILE_NAME_NOT_ALLOWED }]);
  }
  return trimmed.slice(0, MAX_NAME_LENGTH);
}

/** The download name of a derived file: the uploaded name with the extension of what is served. */
export function downloadName(originalName: string, ext: string): string {
  const base = path.basename(originalName, path.extname(originalName)).trim() || 'file';
  return `${base}.${ext}`;
}

/**
 * `attachment` with a plain-ASCII `filename` for old clients and the exact name in `filename*`
 * (RFC 6266 / 5987), so quotes and non-Latin names can neither break the header nor get lost.
 */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
