import { adminMoneyRoutes, type TransactionExportQuery } from '@/common/contract/admin-money';
import { paymentRoutes, type CreateCouponBody, type UpdateCouponBody } from '@/common/contract/payments';
import type { ErrorBody } from '@/common/contract/common';
import { callRoute } from '@/client/lib/call-route';
import { idempotencyHeader } from '@/client/lib/idempotency-key';
import { request } from '@/client/lib/request';

/** The operators' money writes (contract `adminMoneyRoutes`, coupons in `paymentRoutes`); refunds carry an Idempotency-Key. */
export const refundSale = (id: string, reason: string, key: string) =>
  callRoute(adminMoneyRoutes.refundTransaction, { params: { id }, body: { reason }, headers: idempotencyHeader(key) });

export const refundPayment = (id: string, reason: string, key: string) =>
  callRoute(adminMoneyRoutes.refundPayment, { params: { id }, body: { reason }, headers: idempotencyHeader(key) });

export const createCoupon = (body: CreateCouponBody) => callRoute(paymentRoutes.adminCreateCoupon, { body });

export const updateCoupon = (id: string, body: UpdateCouponBody) => callRoute(paymentRoutes.adminUpdateCoupon, { params: { id }, body });

/** An error answered as text (the CSV route is read as text): the API's JSON error body inside it. */
function errorOf(err: unknown): unknown {
  const message = (err as Partial<ErrorBody> | null)?.message;
  if (typeof message !== 'string' || !message.startsWith('{')) return err;
  try {
    return JSON.parse(message) as ErrorBody;
  } catch {
    return err;
  }
}

/** The CSV of the transactions the filters select (the API refuses more than an export holds). */
export async function fetchTransactionsCsv(query: TransactionExportQuery): Promise<string> {
  const params = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== ''));
  try {
    return await request<string>({ method: 'GET', url: adminMoneyRoutes.exportTransactions.url, params, responseType: 'text' });
  } catch (err) {
    throw errorOf(err);
  }
}

/**
 * Hands the browser a file to save. The export needs the Authorization header, which a plain link
 * cannot send, so the text is fetched and offered through an object URL.
 */
export function saveFile(text: string, filename: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers start the download after the click returns: free the URL a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
