import type { AllSettings, MenuItem, SettingKey } from '../../../common/constants/settings';
import { hasAtMostTwoDecimals } from '../../../common/lib/money';
import { sanitizeRichText } from '../../../common/lib/rich-text';
import type { FieldProblem } from '../../lib/http-error';
import { stripControl } from '../../shared/text';

/** Money bounds: tokens (USD for top-ups) with at most two decimals, like every amount people pay. */
const MONEY_KEYS: readonly SettingKey[] = [
  'minimumSubscriptionPrice', 'maximumSubscriptionPrice', 'minimumWalletPrice', 'maximumWalletPrice',
  'minimumTipPrice', 'maximumTipPrice', 'minimumPayoutAmount', 'minimumContentPrice', 'maximumContentPrice',
];

/** Bounds the operator sets in pairs; a minimum above its maximum would make every price invalid. */
export const SETTING_RANGES = [
  ['minimumSubscriptionPrice', 'maximumSubscriptionPrice'],
  ['minimumWalletPrice', 'maximumWalletPrice'],
  ['minimumTipPrice', 'maximumTipPrice'],
  ['minimumContentPrice', 'maximumContentPrice'],
] as const;

type Outcome = { value: unknown; problems: FieldProblem[] };
const problem = (field: string, message: string): FieldProblem => ({ field, message: `${field} ${message}` });

/**
 * What the schema cannot say, for a value that already passed it: text is cleaned (control
 * characters out, trimmed; the footer through the shared rich-text allow-list), a name left empty
 * by that is refused, money has at most two decimals and the commission whole basis points.
 */
export function refineSetting(key: SettingKey, value: unknown): Outcome {
  if (key === 'siteName') {
    const name = stripControl(value as string, { replaceWith: ' ' }).trim();
    return { value: name, problems: name ? [] : [problem(key, 'must not be empty')] };
  }
  if (key === 'footerContent') return { value: sanitizeRichText(value as string), problems: [] };
  if (key === 'menus') {
    const problems: FieldProblem[] = [];
    const menus = (value as MenuItem[]).map((item, i) => {
      const title = stripControl(item.title, { replaceWith: ' ' }).trim();
      if (!title) problems.push(problem(`menus.${i}.title`, 'must not be empty'));
      return { ...item, title };
    });
    return { value: menus, problems };
  }
  // The same country twice would change nothing but the look of the list.
  if (key === 'blockedCountries') return { value: [...new Set(value as string[])], problems: [] };
  if (MONEY_KEYS.includes(key) && !hasAtMostTwoDecimals(value as number)) return { value, problems: [problem(key, 'must have at most two decimals')] };
  if (key === 'performerCommission') {
    const bp = (value as number) * 10_000;
    // Commission is charged in basis points (0.2 = 2000): a finer share would be rounded silently.
    if (Math.abs(bp - Math.round(bp)) > 1e-6) return { value, problems: [problem(key, 'must be a whole number of basis points (at most two decimals as a percentage)')] };
  }
  return { value, problems: [] };
}

/** Every pair whose minimum now exceeds its maximum, named by the side the change touched. */
export function brokenRanges(next: AllSettings, changed: Record<string, unknown>): FieldProblem[] {
  return SETTING_RANGES.filter(([min, max]) => next[min] > next[max]).map(([min, max]) => ({
    field: Object.hasOwn(changed, min) ? min : max,
    message: `${min} (${next[min]}) must not exceed ${max} (${next[max]})`,
  }));
}
