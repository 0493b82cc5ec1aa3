import { useState, type ReactNode } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { useSWRConfig } from 'swr';
import { Button, Card, Flex, Tag, Typography } from 'antd';
import { CheckCircleFilled, CrownOutlined } from '@ant-design/icons';
import type { PerformerPublic } from '@/common/contract/performers';
import type { ViewerSubscription } from '@/common/contract/subscriptions';
import { useAppSelector } from '@/client/store/hooks';
import { toast } from '@/client/lib/toast';
import { getErrorMessage } from '@/client/lib/error-message';
import { subscribe } from '@/client/features/subscriptions/subscriptions.api';
import { newIdempotencyKey } from '@/client/lib/idempotency-key';
import { formatTokens } from '@/client/lib/format-amount';
import { formatDate } from '@/client/lib/format-date';
import styles from './performer-profile.module.css';

type Offer = Pick<
  PerformerPublic,
  '_id' | 'name' | 'monthlyPrice' | 'yearlyPrice' | 'isFreeSubscription' | 'freeSubscriptionDays' | 'isSubscribed' | 'subscription'
>;
export type PaidPlan = 'monthly' | 'yearly';

/** Saving of the yearly price against twelve months, in whole percent (0 when none). */
export function yearlySaving(monthly: number, yearly: number): number {
  if (monthly <= 0 || yearly <= 0) return 0;
  const saving = Math.round((1 - yearly / (monthly * 12)) * 100);
  return saving > 0 ? saving : 0;
}

/** Shown while paid plans cannot be bought here (no card payment wired to this box). */
export const PAID_PLANS_SOON = 'Monthly and yearly plans open soon';


interface PlanButtonProps {
  label: string;
  price: string;
  note?: string;
  primary?: boolean;
  loading?: boolean;
  disabled?: boolean;
  onClick: () => void;
}

function PlanButton({ label, price, note, primary, loading, disabled, onClick }: PlanButtonProps) {
  return (
    <Button
      block
      size="large"
      type={primary ? 'primary' : 'default'}
      className={styles.planButton}
      loading={loading}
      disabled={disabled}
      onClick={onClick}
    >
      <span className={styles.planLabel}>{label}</span>{' '}
      <span className={styles.planPrice}>
        {price}
        {note ? <Tag color="success" className={styles.planNote}>{note}</Tag> : null}
      </span>
    </Button>
  );
}

/** What a subscriber sees instead of the offer: until when, and whether it renews. */
function Subscribed({ subscription }: { subscription: ViewerSubscription }) {
  const until = formatDate(subscription.expiresAt);
  return (
    <Flex vertical gap={6}>
      <Typography.Text strong>
        <CheckCircleFilled style={{ color: '#52c41a' }} /> You are subscribed
      </Typography.Text>
      <Typography.Text type="secondary">
        {subscription.renews ? `Renews on ${until}.` : `Access until ${until}.`}
      </Typography.Text>
      <Link href="/user/my-subscriptions">Manage subscriptions</Link>
    </Flex>
  );
}

export interface SubscribeBoxProps {
  performer: Offer;
  /** Opens the card payment for a paid plan; without it the paid plans cannot be taken here. */
  onChoosePaid?: (plan: PaidPlan) => void;
  /** Shown under the plans (e.g. why paid plans are unavailable). */
  footer?: ReactNode;
}

/**
 * Monthly, yearly and (when offered and not used yet) free subscription. The free one starts at
 * once; paid plans go to the card payment. A subscriber sees their subscription instead.
 */
export function SubscribeBox({ performer, onChoosePaid, footer }: SubscribeBoxProps) {
  const router = useRouter();
  const { mutate } = useSWRConfig();
  const loggedIn = useAppSelector((s) => s.auth.loggedIn);
  const [busy, setBusy] = useState(false);
  const saving = yearlySaving(performer.monthlyPrice, performer.yearlyPrice);
  const days = performer.freeSubscriptionDays;

  const signIn = () => void router.push(`/auth/login?redirect=${encodeURIComponent(router.asPath)}`);

  async function takeFree() {
    if (!loggedIn) return signIn();
    setBusy(true);
    try {
      await subscribe({ performerId: performer._id, type: 'free' }, newIdempotencyKey());
      toast.success(`You are subscribed to ${performer.name} for ${days} ${days === 1 ? 'day' : 'days'}`);
      // The profile (server-rendered) and every list on it now answer as for a subscriber.
      await router.replace(router.asPath, undefined, { scroll: false });
      await mutate(() => true);
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  const choosePaid = (plan: PaidPlan) => (loggedIn ? onChoosePaid?.(plan) : signIn());

  return (
    <Card size="small" title={<span><CrownOutlined /> Subscribe</span>}>
      {performer.isSubscribed && performer.subscription ? (
        <Subscribed subscription={performer.subscription} />
      ) : (
        <Flex vertical gap={10}>
          <Typography.Text type="secondary">
            Subscribe to {performer.name} for full access to their posts, photos and videos.
          </Typography.Text>
          {performer.isFreeSubscription && days > 0 ? (
            <PlanButton
              primary
              label={`Free for ${days} ${days === 1 ? 'day' : 'days'}`}
              price={formatTokens(0)}
              note="Free"
              loading={busy}
              onClick={() => void takeFree()}
            />
          ) : null}
          <PlanButton
            primary={!(performer.isFreeSubscription && days > 0)}
            label="Monthly"
            price={formatTokens(performer.monthlyPrice)}
            disabled={busy || !onChoosePaid}
            onClick={() => choosePaid('monthly')}
          />
          <PlanButton
            label="Yearly"
            price={formatTokens(performer.yearlyPrice)}
            note={saving ? `Save ${saving}%` : undefined}
            disabled={busy || !onChoosePaid}
            onClick={() => choosePaid('yearly')}
          />
          {footer ?? (onChoosePaid ? null : <Typography.Text type="secondary" style={{ fontSize: 12 }}>{PAID_PLANS_SOON}.</Typography.Text>)}
        </Flex>
      )}
    </Card>
  );
}
