import { amountText, hasAtMostTwoDecimals, toCents } from '../../../common/lib/money';
import { TIP_MESSAGE_MAX } from '../../../common/contract/wallet-charges';
import { badRequest, unprocessable } from '../../lib/http-error';
import { stripControl } from '../../shared/text';

/**
 * A tip amount in cents: a positive number with at most two decimals (400), within the site's
 * tip bounds, inclusive (422 naming them, read per request by the caller).
 */
export function tipCents(amount: number, bounds: { min: number; max: number }): number {
  if (!Number.isFinite(amount) || amount <= 0) throw badRequest('Amount must be a positive number', [{ field: 'amount', message: 'Amount must be a positive number' }]);
  if (!hasAtMostTwoDecimals(amount)) {
    throw badRequest('Amount must have at most two decimals', [{ field: 'amount', message: 'Amount must have at most two decimals' }]);
  }
  const cents = toCents(amount);
  const min = toCents(bounds.min);
  const max = toCents(bounds.max);
  if (cents < min || cents > max) {
    const message = `Tip amount must be between ${amountText(min)} and ${amountText(max)} tokens`;
    throw unprocessable(message, [{ field: 'amount', message }]);
  }
  return cents;
}

/**
 * A tip's message as stored: plain text (never rendered as HTML), control characters other than
 * line breaks and tabs dropped, trimmed; empty means none; longer than the limit is a 400.
 */
export function tipMessage(message: string | undefined): string | null {
  const text = stripControl(message ?? '', { keepLines: true }).trim();
  if (text.length > TIP_MESSAGE_MAX) {
    const msg = `Message must be at most ${TIP_MESSAGE_MAX} characters`;
    throw badRequest(msg, [{ field: 'message', message: msg }]);
  }
  return text || null;
}
