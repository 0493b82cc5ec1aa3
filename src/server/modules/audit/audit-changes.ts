/** The same value for the audit log's purposes: dates by their instant, objects by their JSON. */
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * What an edit changed, as the audit row keeps it: only the keys whose value differs, as they were
 * and as they are. Null when nothing changed, so the caller can skip a write that would change nothing
 * (and record nothing).
 */
export function auditChanges<T extends Record<string, unknown>>(
  before: T,
  after: T,
): { before: Partial<T>; after: Partial<T> } | null {
  const was: Partial<T> = {};
  const is: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (same(before[key], after[key])) continue;
    was[key] = before[key];
    is[key] = after[key];
  }
  return Object.keys(is).length ? { before: was, after: is } : null;
}
