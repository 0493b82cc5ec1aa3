import type { CardInput } from '@/common/contract/payments';

export interface CardFormValues {
  number: string;
  /** "MM/YY" as typed. */
  expiry: string;
  cvc: string;
  holderName: string;
  save?: boolean;
}

export const EXPIRY_PATTERN = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2}|\d{4})$/;

/** The form's values as the API takes them: digits only, MM/YY split into month and a four-digit year. */
export function cardInputOf(values: CardFormValues): CardInput {
  const m = EXPIRY_PATTERN.exec(values.expiry.trim());
  const month = m ? Number(m[1]) : 0;
  const year = m ? Number(m[2].length === 2 ? `20${m[2]}` : m[2]) : 0;
  return {
    number: values.number.replace(/\D/g, ''),
    expMonth: month,
    expYear: year,
    cvc: values.cvc.trim(),
    holderName: values.holderName.trim(),
  };
}

