import { hasAtMostTwoDecimals } from '@/common/lib/money';

const text = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * The server's rules for a payout amount, in the same order and words, so the form says what
 * the server would: positive, two decimals, at least the minimum, at most what is available.
 */
export function payoutAmountProblem(amount: number | null | undefined, limits: { minimum: number; available: number }): string | undefined {
  if (amount === null || amount === undefined || Number.isNaN(amount)) return 'Enter an amount';
  if (!Number.isFinite(amount) || amount <= 0) return 'Amount must be a positive number of tokens';
  if (!hasAtMostTwoDecimals(amount)) return 'Amount can have at most two decimals';
  if (amount < limits.minimum) return `The minimum payout is ${text(limits.minimum)} tokens`;
  if (amount > limits.available) return `You can request at most ${text(Math.max(0, limits.available))} tokens`;
  return undefined;
}
