import { useState } from 'react';
import Link from 'next/link';
import { Button, Card, Flex, Skeleton, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import type { StreamView } from '@/common/contract/streaming';
import { formatTokens } from '@/client/lib/format-amount';
import { WalletPurchaseButton } from '@/client/features/wallet-charges/components/wallet-purchase-button';
import { SubscribeBox, type PaidPlan } from '@/client/features/performer/components/subscribe-box';
import { LazySubscribeDialog } from '@/client/features/subscriptions/components/lazy-subscribe-dialog';
import { buyStreamTicket } from '../streaming.api';
import { usePerformerProfile } from '../use-stream-view';

export interface StreamLockPanelProps {
  stream: StreamView;
  /** Where to come back after signing in. */
  returnTo: string;
  /** The ticket was bought (or had been, in another tab): reload the view. */
  onUnlocked: (stream?: StreamView) => void;
}

function SubscribePanel({ stream }: { stream: StreamView }) {
  const { data: performer, error } = usePerformerProfile(stream.performer.username || stream.performerId);
  const [plan, setPlan] = useState<PaidPlan | null>(null);
  if (error) {
    return (
      <Link href={`/${stream.performer.username || stream.performerId}`}>
        <Button type="primary">See subscription options</Button>
      </Link>
    );
  }
  if (!performer) return <Skeleton active />;
  return (
    <>
      <SubscribeBox performer={performer} onChoosePaid={setPlan} />
      <LazySubscribeDialog performer={performer} plan={plan} onClose={() => setPlan(null)} />
    </>
  );
}

/** Why this viewer cannot watch yet, and the way in: sign in, subscribe, or buy a ticket. */
export function StreamLockPanel({ stream, returnTo, onUnlocked }: StreamLockPanelProps) {
  const name = stream.performer.name;
  return (
    <Card>
      <Flex vertical gap={12} align="center" style={{ textAlign: 'center' }}>
        <LockOutlined style={{ fontSize: 32 }} />
        {stream.lockReason === 'login' ? (
          <>
            <Typography.Title level={4} style={{ margin: 0 }}>
              Sign in to watch {name} live
            </Typography.Title>
            <Link href={`/auth/login?redirect=${encodeURIComponent(returnTo)}`}>
              <Button type="primary">Sign in</Button>
            </Link>
          </>
        ) : stream.lockReason === 'subscribe' ? (
          <>
            <Typography.Title level={4} style={{ margin: 0 }}>
              This stream is for {name}&apos;s subscribers
            </Typography.Title>
            <div style={{ width: '100%', maxWidth: 420 }}>
              <SubscribePanel stream={stream} />
            </div>
          </>
        ) : (
          <>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {stream.isPrivate ? `Your private show with ${name}: ${formatTokens(stream.price)}` : `Watch ${name} live for ${formatTokens(stream.price)}`}
            </Typography.Title>
            <Typography.Text type="secondary">
              {stream.isPrivate
                ? 'Paid once from your wallet when you join; if the show does not start, the tokens come back.'
                : 'A ticket is paid once and is good for this whole stream.'}
            </Typography.Text>
            <WalletPurchaseButton
              price={stream.price}
              title={stream.isPrivate ? 'Join your private show' : 'Buy a ticket for this stream'}
              note={stream.isPrivate ? 'Only you and the creator are in this show.' : 'Paid once from your wallet; you can watch until the stream ends.'}
              done={stream.isPrivate ? 'Private show paid' : 'Ticket bought'}
              buy={(key) => buyStreamTicket(stream._id, key)}
              onBought={(result) => onUnlocked(result.stream)}
              onAlreadyBought={() => onUnlocked()}
            />
          </>
        )}
      </Flex>
    </Card>
  );
}
