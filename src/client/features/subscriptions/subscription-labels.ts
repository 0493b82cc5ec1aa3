import type { SubscriptionItem, SubscriptionStatus, SubscriptionType } from '@/common/contract/subscriptions';
import { formatDate } from '@/client/lib/format-date';

export const TYPE_LABELS: Record<SubscriptionType, string> = { monthly: 'Monthly', yearly: 'Yearly', free: 'Free trial' };
export const STATUS_COLORS: Record<SubscriptionStatus, string> = { active: 'green', cancelled: 'orange', expired: 'default' };
export const STATUS_LABELS: Record<SubscriptionStatus, string> = { active: 'Active', cancelled: 'Cancelled', expired: 'Expired' };


/** "Renews on Mar 4, 2026" / "Access until ..." / "Payment failed: access until ..." / "Ended ...". */
export function periodText(s: Pick<SubscriptionItem, 'status' | 'expiresAt' | 'renews' | 'graceUntil' | 'hasAccess'>): string {
  const date = formatDate(s.expiresAt);
  if (!s.hasAccess) return `Ended ${date}`;
  if (s.graceUntil) return `Payment failed: access until ${date} unless it succeeds`;
  return s.renews ? `Renews on ${date}` : `Access until ${date}`;
}
