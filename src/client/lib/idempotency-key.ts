/**
 * A fresh `Idempotency-Key` per payment attempt (DESIGN.md section 3): a retry of the same attempt
 * (a double click, a lost answer) moves no money twice. Every money call of the web takes one.
 */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto as Crypto | undefined;
  if (c?.randomUUID) return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

export const idempotencyHeader = (key: string = newIdempotencyKey()) => ({ 'Idempotency-Key': key });
