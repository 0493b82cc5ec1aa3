/** One line of the before → after view of an audit row. */
export interface AuditDiffRow {
  key: string;
  before: unknown;
  after: unknown;
  /** Present on that side (a created row has no before, a removed one no after). */
  hasBefore: boolean;
  hasAfter: boolean;
  changed: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Lines for the before → after view: one per key of either side, in the order the write
 * recorded them, with the changed ones marked. A side that is not an object (null on a create or
 * a delete, a bare value) becomes one line keyed "value".
 */
export function auditDiff(before: unknown, after: unknown): AuditDiffRow[] {
  const b = before ?? null;
  const a = after ?? null;
  if (!isRecord(b) && !isRecord(a)) {
    if (b === null && a === null) return [];
    return [{ key: 'value', before: b, after: a, hasBefore: b !== null, hasAfter: a !== null, changed: !same(b, a) }];
  }
  const left = isRecord(b) ? b : {};
  const right = isRecord(a) ? a : {};
  const keys = [...new Set([...Object.keys(left), ...Object.keys(right)])];
  return keys.map((key) => {
    const hasBefore = key in left;
    const hasAfter = key in right;
    return { key, before: left[key], after: right[key], hasBefore, hasAfter, changed: hasBefore !== hasAfter || !same(left[key], right[key]) };
  });
}

/** A value as an operator reads it: text as is, everything else as indented JSON. */
export function readableValue(value: unknown): string {
  if (value === undefined) return '—';
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  return JSON.stringify(value, null, 2);
}
