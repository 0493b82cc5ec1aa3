import type { FormRule } from 'antd';
import { SETTING_LIMITS, SITE_LINK_OR_EMPTY_PATTERN, SITE_LINK_PATTERN } from '@/common/contract/settings';
import { hasAtMostTwoDecimals } from '@/common/lib/money';

/**
 * Client-side rules mirroring the server's settings schema (src/common/contract/settings.ts), so an
 * operator sees a problem before saving; the server checks everything again.
 */
const LINK_WORDS = 'an http(s) URL or a path on this site starting with /';

export const linkRules = (label: string, { optional }: { optional: boolean }): FormRule[] => [
  ...(optional ? [] : [{ required: true, message: `Enter the ${label.toLowerCase()}` }]),
  { max: SETTING_LIMITS.linkMax, message: `${label} must be at most ${SETTING_LIMITS.linkMax} characters` },
  { pattern: new RegExp(optional ? SITE_LINK_OR_EMPTY_PATTERN : SITE_LINK_PATTERN), message: `${label} must be ${optional ? 'empty, ' : ''}${LINK_WORDS}` },
];

/** A number within bounds (both inclusive); antd's InputNumber would clamp silently, so the rule says it. */
export const numberRules = (label: string, min: number, max: number, { integer = false, twoDecimals = false } = {}): FormRule[] => [
  { required: true, message: `Enter ${label.toLowerCase()}` },
  {
    validator: async (_rule, value: number | null) => {
      if (value === null || value === undefined) return;
      if (value < min || value > max) throw new Error(`${label} must be between ${min} and ${max}`);
      if (integer && !Number.isInteger(value)) throw new Error(`${label} must be a whole number`);
      if (twoDecimals && !hasAtMostTwoDecimals(value)) throw new Error(`${label} can have at most two decimals`);
    },
  },
];

/** The minimum of a pair must not exceed its maximum (the server answers 422 otherwise). */
export const notAbove = (maxField: string, label: string): FormRule => ({ getFieldValue }) => ({
  validator: async (_rule, value: number | null) => {
    const max = getFieldValue(maxField) as number | null;
    if (value !== null && value !== undefined && max !== null && max !== undefined && value > max) throw new Error(`${label} must not exceed the maximum`);
  },
});
