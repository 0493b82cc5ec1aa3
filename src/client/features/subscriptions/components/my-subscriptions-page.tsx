import { useState } from 'react';
import Link from 'next/link';
import { Button, Empty, Flex, Popconfirm, Typography } from 'antd';
import { subscriptionRoutes, type SubscriptionItem, type SubscriptionStatus } from '@/common/contract/subscriptions';
import { useQueryList } from '@/client/hooks/use-query-list';
import { useRouteData } from '@/client/hooks/use-route-data';
import { ListError } from '@/client/components/list-error';
import { ListPager } from '@/client/components/list-pager';
import { PersonList, PersonListSkeleton } from '@/client/features/social/components/person-list';
import { getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { useAppSelector } from '@/client/store/hooks';
import { cancelSubscription } from '../subscriptions.api';
import { periodText } from '../subscription-labels';
import { StatusFilter } from './status-filter';
import { SubscriptionTags } from './subscription-status-tag';
import { formatDate } from '@/client/lib/format-date';

const PAGE_SIZE = 20;

function CancelButton({ subscription, onDone }: { subscription: SubscriptionItem; onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  // Spec 9: the URL's gateway is the site's paymentGateway ("stripe", in test mode too).
  const gateway = useAppSelector((s) => s.settings.paymentGateway);
  async function cancel() {
    setBusy(true);
    try {
      await cancelSubscription(subscription._id, gateway);
      toast.success('Subscription cancelled');
      onDone();
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Popconfirm
      title="Cancel this subscription?"
      description={`It will not renew. You keep access until ${formatDate(subscription.expiresAt)}.`}
      okText="Cancel subscription"
      cancelText="Keep it"
      onConfirm={() => void cancel()}
    >
      <Button danger loading={busy}>Cancel</Button>
    </Popconfirm>
  );
}

/** /user/my-subscriptions: the creators I subscribe to, with their state; cancel stops renewal. */
export function MySubscriptionsPage() {
  const list = useQueryList({ pageSize: PAGE_SIZE });
  const status = list.filters.status as SubscriptionStatus | undefined;
  const { data, error, mutate } = useRouteData(subscriptionRoutes.userSearch, {
    offset: list.params.offset,
    limit: list.params.limit,
    ...(status ? { status } : {}),
  });
  const page = data?.data;

  let body;
  if (error && !page) body = <ListError error={error} onRetry={() => void mutate()} />;
  else if (!page) body = <PersonListSkeleton />;
  else if (page.total === 0) {
    body = status ? (
      <Empty description="No subscriptions in this state.">
        <Button onClick={() => list.setFilter({ status: undefined })}>Show all</Button>
      </Empty>
    ) : (
      <Empty description="You have no subscriptions yet.">
        <Link href="/creator">Find creators</Link>
      </Empty>
    );
  } else {
    body = (
      <Flex vertical gap={24}>
        <PersonList
          label="Subscriptions"
          items={page.data.map((s) => ({
            key: s._id,
            person: s.performer,
            detail: periodText(s),
            note: <SubscriptionTags subscription={s} />,
            actions: (
              <Flex gap={8} wrap>
                <Link href={`/${s.performer.username ?? s.performer._id}`}>Profile</Link>
                {s.renews ? <CancelButton subscription={s} onDone={() => void mutate()} /> : null}
              </Flex>
            ),
          }))}
        />
        <ListPager current={list.current} pageSize={list.pageSize} total={page.total} onChange={list.setPage} />
      </Flex>
    );
  }

  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Title level={2} style={{ margin: 0 }}>My subscriptions</Typography.Title>
        <Typography.Text type="secondary">Cancelling stops renewal; you keep access until the period you paid for ends.</Typography.Text>
      </div>
      <StatusFilter value={status} onChange={(s) => list.setFilter({ status: s })} />
      {body}
    </Flex>
  );
}
