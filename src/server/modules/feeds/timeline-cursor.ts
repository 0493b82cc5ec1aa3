import { badRequest } from '../../lib/http-error';
import { isUuid } from '../../shared/ids';

/** A keyset position in the timeline: a post's publish time (microseconds, UTC) and id. */
export interface TimelinePosition {
  at: string;
  id: string;
}

const AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/**
 * Cursors are opaque to clients (base64url of "time|id"). The time keeps PostgreSQL's full
 * microsecond precision: a JavaScript Date would round it to milliseconds, and the keyset
 * comparison would then skip or repeat posts published within the same millisecond.
 */
export function encodeCursor(position: TimelinePosition): string {
  return Buffer.from(`${position.at}|${position.id}`, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string | undefined): TimelinePosition | null {
  if (!cursor) return null;
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (rest.length || !AT.test(at ?? '') || !isUuid(id ?? '') || Number.isNaN(Date.parse(at))) {
    const message = 'cursor is not valid: pass the nextCursor of the previous page';
    throw badRequest(message, [{ field: 'cursor', message }]);
  }
  return { at, id };
}
