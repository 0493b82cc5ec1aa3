/**
 * Money travels as numbers with at most two decimals (tokens or USD) and is stored as integer
 * cents (DESIGN.md section 4). These are the only conversions; nothing else multiplies by 100.
 */

/** Whole cents of an amount; call `hasAtMostTwoDecimals` first where the input is a person's. */
export const toCents = (amount: number): number => Math.round(amount * 100);

export const fromCents = (cents: number): number => Math.round(cents) / 100;

/** 10.5 and 10.25 pass; 10.255 does not (floating-point noise below a millionth of a cent is ignored). */
export const hasAtMostTwoDecimals = (amount: number): boolean =>
  Number.isFinite(amount) && Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6;

/** "12.50": the two-decimal text used in messages. */
export const amountText = (cents: number): string =>
  (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * The platform's share of a sale of `grossCents`, at `basisPoints` (2000 = 20 %), rounded half
 * up to the cent; the creator gets the rest, so the two always add up to the gross.
 */
export const commissionOf = (grossCents: number, basisPoints: number): number => Math.floor((grossCents * basisPoints + 5000) / 10000);

/**
 * "-1234.50": two decimals, no grouping, from whole cents by integer arithmetic (exports and
 * machine-read text, where "1,234.50" would split a CSV field).
 */
export const plainAmount = (cents: number): string => {
  const whole = Math.round(cents);
  const abs = Math.abs(whole);
  return `${whole < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};
