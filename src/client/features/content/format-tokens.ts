/** "12.50 tokens" / "1.00 token": amounts are shown with two decimals (DESIGN.md section 4). */
export function formatTokens(amount: number): string {
  return `${amount.toFixed(2)} ${amount === 1 ? 'token' : 'tokens'}`;
}
