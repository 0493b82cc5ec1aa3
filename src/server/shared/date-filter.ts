import { badRequest } from '../lib/http-error';

/**
 * A date filter of a list (`fromDate`/`toDate`): an ISO date or date-time; a bare `toDate` date
 * covers that whole day (UTC). Anything else is a 400 naming the field. A start after the end is
 * the caller's to refuse (`dateRange`).
 */
export function dateFilter(value: string | undefined, field: 'fromDate' | 'toDate'): Date | undefined {
  if (!value) return undefined;
  const bareDate = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const at = new Date(bareDate ? `${value}T00:00:00.000Z` : value);
  if (Number.isNaN(at.getTime())) {
    const message = `${field} must be an ISO date`;
    throw badRequest(message, [{ field, message }]);
  }
  return bareDate && field === 'toDate' ? new Date(at.getTime() + 86_400_000 - 1) : at;
}

/** Both bounds of a date-filtered list; a start after the end is a 400. */
export function dateRange(fromDate: string | undefined, toDate: string | undefined): { from?: Date; to?: Date } {
  const from = dateFilter(fromDate, 'fromDate');
  const to = dateFilter(toDate, 'toDate');
  if (from && to && from > to) {
    const message = 'fromDate must not be after toDate';
    throw badRequest(message, [{ field: 'fromDate', message }]);
  }
  return { from, to };
}
