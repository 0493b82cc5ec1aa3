import { Tag } from 'antd';
import type { SubscriptionItem } from '@/common/contract/subscriptions';
import { STATUS_COLORS, STATUS_LABELS, TYPE_LABELS } from '../subscription-labels';

/** The plan and the state of one subscription, as two small tags. */
export function SubscriptionTags({ subscription }: { subscription: Pick<SubscriptionItem, 'type' | 'status' | 'hasAccess'> }) {
  const status = subscription.status !== 'expired' && !subscription.hasAccess ? 'expired' : subscription.status;
  return (
    <>
      <Tag>{TYPE_LABELS[subscription.type]}</Tag>
      <Tag color={STATUS_COLORS[status]}>{STATUS_LABELS[status]}</Tag>
    </>
  );
}
