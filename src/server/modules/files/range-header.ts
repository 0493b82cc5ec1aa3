import type { ByteRange } from '../../storage/storage';

/**
 * One `bytes=` range of a Range header, or null to answer with the whole file: no header, a unit
 * other than bytes, several ranges (players ask for one; multipart answers are not worth it) or a
 * malformed one (RFC 9110 says such a header is ignored, not refused).
 */
export function parseRangeHeader(header: string | undefined): ByteRange | null {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') return { suffix: Number(m[2]) };
  const start = Number(m[1]);
  const end = m[2] === '' ? undefined : Number(m[2]);
  if (end !== undefined && end < start) return null;
  return { start, end };
}
