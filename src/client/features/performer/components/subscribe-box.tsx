import { Button, Card, Flex, Tag, Tooltip, Typography } from 'antd';
import { CrownOutlined, GiftOutlined } from '@ant-design/icons';
import type { PerformerPublic } from '@/common/contract/performers';
import { formatPrice } from '../performer-format';
import styles from './performer-profile.module.css';

export const SUBSCRIPTIONS_SOON = 'Subscriptions open soon';

type Offer = Pick<PerformerPublic, 'name' | 'monthlyPrice' | 'yearlyPrice' | 'isFreeSubscription' | 'freeSubscriptionDays' | 'isSubscribed'>;

/** Saving of the yearly price against twelve months, in whole percent (0 when none). */
export function yearlySaving(monthly: number, yearly: number): number {
  if (monthly <= 0 || yearly <= 0) return 0;
  const saving = Math.round((1 - yearly / (monthly * 12)) * 100);
  return saving > 0 ? saving : 0;
}

function PlanButton({ label, price, note, primary }: { label: string; price: string; note?: string; primary?: boolean }) {
  // Payments arrive with the money issue; until then the offer is shown but cannot be taken.
  return (
    <Tooltip title={SUBSCRIPTIONS_SOON}>
      <Button block size="large" type={primary ? 'primary' : 'default'} disabled className={styles.planButton} aria-label={`${label} ${price}`}>
        <span className={styles.planLabel}>{label}</span>
        <span className={styles.planPrice}>
          {price}
          {note ? <Tag color="success" className={styles.planNote}>{note}</Tag> : null}
        </span>
      </Button>
    </Tooltip>
  );
}

/** Monthly, yearly and (when offered) free subscription; disabled until payments exist. */
export function SubscribeBox({ performer }: { performer: Offer }) {
  const saving = yearlySaving(performer.monthlyPrice, performer.yearlyPrice);
  const days = performer.freeSubscriptionDays;
  return (
    <Card
      size="small"
      title={
        <span>
          <CrownOutlined /> Subscribe
        </span>
      }
    >
      <Flex vertical gap={10}>
        <Typography.Text type="secondary">
          Subscribe to {performer.name} for full access to their posts, photos and videos.
        </Typography.Text>
        {performer.isFreeSubscription && days > 0 ? (
          <PlanButton primary label={`Free for ${days} ${days === 1 ? 'day' : 'days'}`} price="0.00 tokens" note="Free" />
        ) : null}
        <PlanButton primary={!performer.isFreeSubscription} label="Monthly" price={`${formatPrice(performer.monthlyPrice)} tokens`} />
        <PlanButton label="Yearly" price={`${formatPrice(performer.yearlyPrice)} tokens`} note={saving ? `Save ${saving}%` : undefined} />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          <GiftOutlined /> {SUBSCRIPTIONS_SOON}: payments are on their way.
        </Typography.Text>
      </Flex>
    </Card>
  );
}
