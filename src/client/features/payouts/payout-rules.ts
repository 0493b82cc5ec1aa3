import { hasAtMostTwoDecimals } from '@/common/lib/money';
import { formatTokens } from '@/client/lib/format-amount';

/**
 * The server's rules for a payout amount, in the same order and words, so the form says what
 * the server would: positive, two decimals, at least the minimum, at most what is available.
 */
export function payoutAmountProblem(amount: number | null | undefined, limits: { minimum: number; available: number }): string | undefined {
  if (amount === null || amount === undefined || Number.isNaN(amount)) return 'Enter an amount';
  if (!Number.isFinite(amount) || amount <= 0) return 'Amount must be a positive number of tokens';
  if (!hasAtMostTwoDecimals(amount)) return 'Amount can have at most two decimals';
  if (amount < limits.minimum) return `The minimum payout is ${formatTokens(limits.minimum)}`;
  if (amount > limits.available) return `You can request at most ${formatTokens(Math.max(0, limits.available))}`;
  return undefined;
}
