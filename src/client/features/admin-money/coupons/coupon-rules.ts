import { COUPON_CODE_PATTERN, type Coupon, type CreateCouponBody } from '@/common/contract/payments';
import { hasAtMostTwoDecimals } from '@/common/lib/money';

/** The coupon form's values: the expiry is a day (valid through its end, the browser's time zone). */
export interface CouponFormValues {
  code: string;
  discountPercentage: number | null;
  expiresOn: string;
  numberOfUses: number | null;
  active: boolean;
}

const CODE = new RegExp(COUPON_CODE_PATTERN);

/** The server's rules, said before sending (same wording the console shows for the server's answer). */
export function codeProblem(code: string): string | undefined {
  if (!code.trim()) return 'Enter a code';
  if (!CODE.test(code.trim())) return 'A code is 3 to 40 letters, digits, dashes or underscores';
  return undefined;
}

export function discountProblem(value: number | null): string | undefined {
  if (value === null || value === undefined || Number.isNaN(value)) return 'Enter the discount';
  if (value < 0.01 || value > 100) return 'The discount is between 0.01 and 100 %';
  if (!hasAtMostTwoDecimals(value)) return 'The discount has at most two decimals';
  return undefined;
}

export function usesProblem(value: number | null, usedCount = 0): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (!Number.isInteger(value) || value < 1) return 'Uses must be a whole number of at least 1 (or empty for no limit)';
  if (value > 1_000_000) return 'Uses can be at most 1,000,000';
  if (value < usedCount) return `This coupon was used ${usedCount} times already: allow at least ${usedCount} uses`;
  return undefined;
}

/** "2026-03-31" → the end of that day in the browser's time zone, as the API's date-time. */
export const endOfDay = (day: string): string => new Date(`${day}T23:59:59.999`).toISOString();

/** The API's date-time → the local day it falls on, for the date field. */
export function dayOf(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export const formValuesOf = (c: Coupon | null): CouponFormValues => ({
  code: c?.code ?? '',
  discountPercentage: c?.discountPercentage ?? null,
  expiresOn: dayOf(c?.expiredDate ?? null),
  numberOfUses: c?.numberOfUses ?? null,
  active: c?.active ?? true,
});

/** The body the API takes (the same for create and edit: the edit's audit row keeps only what changed). */
export const couponBodyOf = (v: CouponFormValues): CreateCouponBody => ({
  code: v.code.trim(),
  discountPercentage: v.discountPercentage!,
  expiredDate: v.expiresOn ? endOfDay(v.expiresOn) : null,
  numberOfUses: v.numberOfUses ?? null,
  active: v.active,
});

export type CouponState = 'active' | 'inactive' | 'expired' | 'used up';

export function couponState(c: Coupon, now = Date.now()): CouponState {
  if (!c.active) return 'inactive';
  if (c.expiredDate && new Date(c.expiredDate).getTime() <= now) return 'expired';
  if (c.numberOfUses !== null && c.usedCount >= c.numberOfUses) return 'used up';
  return 'active';
}
