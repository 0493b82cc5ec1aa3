import dayjs from 'dayjs';
import { AUDIT_ACTIONS, type AuditAction, type AuditQuery } from '@/common/contract/audit';
import type { QueryFilters } from '@/client/hooks/use-query-list';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = 'YYYY-MM-DD';

/** A day of the URL (`from=2026-03-01`), or null when it is not one. */
export const dayOf = (value: string | undefined) => {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const day = dayjs(value);
  // 2026-02-31 parses (as March 3rd): only a day that reads back the same is one.
  return day.isValid() && day.format(DAY) === value ? day : null;
};

export const formatDay = (day: dayjs.Dayjs) => day.format(DAY);

/**
 * The API query for the filters in the URL. The URL is typed by people and by other console pages
 * (`?targetType=user&targetId=…`): values the API would refuse are left out rather than failing the
 * page. Days are the operator's own: `from` is the start of that day, `to` its end.
 */
export function auditQueryOf(filters: QueryFilters, page: { offset: number; limit: number }): AuditQuery {
  const query: AuditQuery = { offset: page.offset, limit: page.limit };
  if (filters.actorId && UUID.test(filters.actorId)) query.actorId = filters.actorId;
  if (filters.action && (AUDIT_ACTIONS as readonly string[]).includes(filters.action)) query.action = filters.action as AuditAction;
  if (filters.targetType) query.targetType = filters.targetType.slice(0, 50);
  if (filters.targetId) query.targetId = filters.targetId.slice(0, 100);
  const from = dayOf(filters.from);
  const to = dayOf(filters.to);
  if (from) query.from = from.startOf('day').toISOString();
  if (to && (!from || !to.isBefore(from))) query.to = to.endOf('day').toISOString();
  return query;
}

/** The filter keys the page keeps in the URL. */
export const AUDIT_FILTER_KEYS = ['actorId', 'action', 'targetType', 'targetId', 'from', 'to'] as const;
