import type { CardInput } from '../../../common/contract/payments';
import { badRequest } from '../../lib/http-error';
import type { CardSource } from './payment-gateway';

/** Digits only (spaces typed between groups are dropped). */
export const cardDigits = (number: string): string => number.replace(/\s+/g, '');

/** The Luhn checksum every real card number satisfies. */
export function luhnValid(digits: string): boolean {
  if (!/^[0-9]{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Brand by the number's prefix (enough to show "Visa •••• 4242"). */
export function brandOf(digits: string): string {
  if (/^4/.test(digits)) return 'Visa';
  if (/^(5[1-5]|2(2[2-9][1-9]|2[3-9]|[3-6]|7[01]|720))/.test(digits)) return 'Mastercard';
  if (/^3[47]/.test(digits)) return 'Amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'Discover';
  return 'Card';
}

/** A card that has not expired: valid through the last day of its month (UTC). */
export function assertNotExpired(expMonth: number, expYear: number, now = new Date()): void {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  if (expYear < year || (expYear === year && expMonth < month)) {
    throw badRequest('The card has expired', [{ field: 'expYear', message: 'The card has expired' }]);
  }
}

export function assertCardNumber(digits: string): void {
  if (!luhnValid(digits)) throw badRequest('The card number is not valid', [{ field: 'number', message: 'The card number is not valid' }]);
}

/**
 * The new card of a request as the gateway takes it: either complete typed details or a
 * payment-method id, never both (400 naming what is missing).
 */
export function cardSourceOf(input: CardInput): CardSource {
  const typed = (['number', 'expMonth', 'expYear', 'cvc'] as const).filter((k) => input[k] !== undefined);
  if (input.paymentMethodId) {
    if (typed.length > 0) throw badRequest('Give either the card details or a paymentMethodId, not both', [{ field: 'paymentMethodId', message: 'Remove the card details' }]);
    return { paymentMethodId: input.paymentMethodId };
  }
  const missing = (['number', 'expMonth', 'expYear', 'cvc'] as const).filter((k) => input[k] === undefined);
  if (missing.length > 0) {
    throw badRequest(`The card ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing`, missing.map((field) => ({ field, message: `${field} is required` })));
  }
  return { details: { number: input.number!, expMonth: input.expMonth!, expYear: input.expYear!, cvc: input.cvc!, holderName: input.holderName } };
}
