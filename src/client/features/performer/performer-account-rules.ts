import type { FormRule } from 'antd';
import { HTTP_URL_PATTERN } from '@/common/contract/performers';
import { formatAmount, formatTokens } from '@/client/lib/format-amount';
import { ageOn } from '@/client/features/auth/components/adult-date';
import { textToBio } from './bio-text';

/**
 * Field rules of the creator's account editor, mirroring PerformerUpdate, BankingSettings and
 * PaymentGatewaySettings in src/common/contract/performers.ts (shared ones live in form-rules.ts).
 */
export const BIO_MAX = 5000;
export const CITY_MAX = 100;
export const LANGUAGES_MAX = 10;

export const bioRules: FormRule[] = [
  {
    validator: (_r, value?: string) =>
      value && textToBio(value).length > BIO_MAX
        ? Promise.reject(new Error('Your bio is too long; please shorten it'))
        : Promise.resolve(),
  },
];

export const cityRules: FormRule[] = [{ max: CITY_MAX, message: `City must be at most ${CITY_MAX} characters` }];

export const languagesRules: FormRule[] = [
  {
    validator: (_r, value?: string[]) => {
      if (!value?.length) return Promise.resolve();
      if (value.length > LANGUAGES_MAX) return Promise.reject(new Error(`Choose at most ${LANGUAGES_MAX} languages`));
      if (value.some((l) => l.trim().length < 2 || l.trim().length > 40)) {
        return Promise.reject(new Error('Each language must be 2 to 40 characters'));
      }
      return Promise.resolve();
    },
  },
];

export const ADULT_MESSAGE = 'You must be at least 18 years old';

/** Spec: creators are adults; the server refuses a birth date under 18 too. */
export const dateOfBirthRules: FormRule[] = [
  {
    validator: (_r, value?: string) => {
      if (!value) return Promise.resolve();
      const age = ageOn(value);
      if (age === null || age > 120) return Promise.reject(new Error('Please enter a valid date'));
      if (age < 18) return Promise.reject(new Error(ADULT_MESSAGE));
      return Promise.resolve();
    },
  },
];

const httpUrl = new RegExp(HTTP_URL_PATTERN);
export const LINK_MESSAGE = 'Enter a full link starting with http:// or https://';

/** Spec 5: external links are http or https URLs. */
export const linkRules: FormRule[] = [
  { pattern: httpUrl, message: LINK_MESSAGE },
  { max: 500, message: 'Links must be at most 500 characters' },
];

/** The message naming the allowed subscription price range. */
export const priceRangeMessage = (min: number, max: number) =>
  `Price must be between ${formatAmount(min)} and ${formatTokens(max)}`;

/** Required, inside the site's min..max, at most two decimals (the server answers 422 otherwise). */
export function priceRules(min: number, max: number): FormRule[] {
  return [
    { required: true, message: 'Please enter a price' },
    {
      validator: (_r, value?: number | null) => {
        if (value === undefined || value === null) return Promise.resolve();
        if (value < min || value > max) return Promise.reject(new Error(priceRangeMessage(min, max)));
        if (Math.abs(value * 100 - Math.round(value * 100)) > 1e-6) {
          return Promise.reject(new Error('Use at most two decimals'));
        }
        return Promise.resolve();
      },
    },
  ];
}

export const required = (message: string): FormRule[] => [{ required: true, whitespace: true, message }];

export const accountNumberRules: FormRule[] = [
  ...required('Please enter the account number or IBAN'),
  { pattern: /^[A-Za-z0-9 -]{4,34}$/, message: '4 to 34 letters, digits, spaces or dashes' },
];

export const swiftRules: FormRule[] = [{ pattern: /^([A-Za-z0-9]{8}|[A-Za-z0-9]{11})?$/, message: 'A SWIFT/BIC code has 8 or 11 letters or digits' }];
