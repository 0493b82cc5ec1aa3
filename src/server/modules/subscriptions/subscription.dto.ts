import type { SubscriptionItem, ViewerSubscription } from '../../../common/contract/subscriptions';
import { fromCents } from '../../../common/lib/money';
import { toUserPublic } from '../users/user-public.dto';
import type { ImageUrlContext } from '../users/user.dto';
import type { SubscriptionRow, SubscriptionWithParties } from './subscriptions.repository';

const hasAccess = (s: SubscriptionRow, now: Date) => (s.status === 'active' || s.status === 'cancelled') && s.expiresAt > now;
// Only a paid subscription with a gateway to charge renews (the demo seed's grants have none).
const renews = (s: SubscriptionRow) => s.status === 'active' && s.type !== 'free' && s.gateway !== null;

export function toSubscriptionItem(ctx: ImageUrlContext, row: SubscriptionWithParties, now = new Date()): SubscriptionItem {
  const s = row.subscription;
  return {
    _id: s.id,
    performer: toUserPublic(ctx, row.performer),
    user: toUserPublic(ctx, row.user),
    type: s.type,
    status: s.status,
    price: fromCents(s.priceCents),
    startedAt: s.startedAt.toISOString(),
    expiresAt: s.expiresAt.toISOString(),
    graceUntil: s.graceUntil?.toISOString() ?? null,
    cancelledAt: s.cancelledAt?.toISOString() ?? null,
    renews: renews(s),
    hasAccess: hasAccess(s, now),
    gateway: s.gateway,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

export function toViewerSubscription(s: SubscriptionRow, now = new Date()): ViewerSubscription {
  return {
    _id: s.id,
    type: s.type,
    status: s.status,
    expiresAt: s.expiresAt.toISOString(),
    renews: renews(s),
    hasAccess: hasAccess(s, now),
    freeUsed: s.freeUsed,
  };
}
