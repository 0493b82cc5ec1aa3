import { amountText, hasAtMostTwoDecimals, toCents } from '../../../common/lib/money';
import { STREAM_MAX_PRICE, type StreamAccess } from '../../../common/contract/streaming';
import { badRequest, unprocessable } from '../../lib/http-error';
import { cleanMessageText } from '../messaging/message-text';

/**
 * A ticket price in cents: only `sale` has one (other levels store 0). At most two decimals is a
 * 400 (the number is malformed); 0 < price ≤ STREAM_MAX_PRICE is a 422 (a business bound, as
 * with subscription and content prices).
 */
export function ticketCents(access: StreamAccess, price: number): number {
  if (access !== 'sale') return 0;
  if (!hasAtMostTwoDecimals(price)) {
    const message = 'Price must have at most two decimals';
    throw badRequest(message, [{ field: 'price', message }]);
  }
  const cents = toCents(price);
  if (cents <= 0 || cents > STREAM_MAX_PRICE * 100) {
    const message = `A ticket price must be between 0.01 and ${amountText(STREAM_MAX_PRICE * 100)} tokens`;
    throw unprocessable(message, [{ field: 'price', message }]);
  }
  return cents;
}

/** Titles and descriptions are plain text like chat messages (markup and control characters dropped); a title is one line. */
export const cleanTitle = (raw: string) => cleanMessageText(raw).replace(/\s*\n\s*/g, ' ');
export const cleanDescription = (raw: string) => cleanMessageText(raw);
