import { Segmented } from 'antd';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '@/common/contract/subscriptions';
import { STATUS_LABELS } from '../subscription-labels';

const ALL = 'all';

/** All / Active / Cancelled / Expired, kept in the query string by the page. */
export function StatusFilter({ value, onChange }: { value: string | undefined; onChange: (status: SubscriptionStatus | undefined) => void }) {
  return (
    <Segmented
      aria-label="Status"
      value={value && (SUBSCRIPTION_STATUSES as readonly string[]).includes(value) ? value : ALL}
      options={[{ value: ALL, label: 'All' }, ...SUBSCRIPTION_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))]}
      onChange={(v) => onChange(v === ALL ? undefined : (v as SubscriptionStatus))}
    />
  );
}
