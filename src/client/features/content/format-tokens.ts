const TWO_DECIMALS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "1,250.50 tokens" / "1.00 token": amounts are shown with two decimals (DESIGN.md section 4). */
export function formatTokens(amount: number): string {
  return `${TWO_DECIMALS.format(amount)} ${amount === 1 ? 'token' : 'tokens'}`;
}
