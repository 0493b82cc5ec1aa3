import type { ErrorBody } from '@/common/contract/common';

/** The tokens a 402 says are missing, or null for any other failure. */
export function missingAmountOf(err: unknown): number | null {
  const body = err as Partial<ErrorBody> | null;
  if (!body || typeof body !== 'object' || body.statusCode !== 402) return null;
  return typeof body.missingAmount === 'number' ? body.missingAmount : 0;
}
