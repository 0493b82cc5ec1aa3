/**
 * The one way amounts and counts are shown (issue 14). Amounts have two decimals (DESIGN.md
 * section 4: the API shows two decimals): tokens as "1,250.50 tokens", or as the bare figure where
 * a title or column header already says "tokens"; US dollars, what cards are charged, as "$1,250.50".
 * English grouping, the UI's language.
 */
const TWO_DECIMALS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const COUNT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const COMPACT = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** "1,250.50 tokens" / "1.00 token". */
export function formatTokens(amount: number): string {
  return `${TWO_DECIMALS.format(amount)} ${amount === 1 ? 'token' : 'tokens'}`;
}

/** "1,250.50": a token amount under a heading that names the unit (stat cards, table columns, inputs' hints). */
export function formatAmount(amount: number): string {
  return TWO_DECIMALS.format(amount);
}

/** "$1,250.50": what a card is charged. */
export function formatUsd(amount: number): string {
  return USD.format(amount);
}

/** "12,345": a number of things (sales, subscribers, views). */
export function formatCount(count: number): string {
  return COUNT.format(count);
}

/** "2.4 MB": the size of a file someone picked or downloads. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 / 1024 / 1024).toFixed(2)} GB`;
}

/** "1.2K": a count where space is short (cards, chart axes); the exact figure belongs in a title. */
export function formatCompact(count: number): string {
  return COMPACT.format(count);
}
