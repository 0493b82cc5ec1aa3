import { useState } from 'react';
import Link from 'next/link';
import Router from 'next/router';
import type { ReactNode } from 'react';
import { Avatar, Button, Empty, Flex, Segmented, Skeleton, Tag, Typography } from 'antd';
import { useSWRConfig } from 'swr';
import type { PrivateShowRequest, PrivateShowStatus } from '@/common/contract/private-shows';
import { LinkButton } from '@/client/components/link-button';
import { ListError } from '@/client/components/list-error';
import { ListPager } from '@/client/components/list-pager';
import { formatTokens } from '@/client/lib/format-amount';
import { conversationHref } from '@/client/features/messages/conversation-href';
import { AVATAR_PLACEHOLDER } from '@/client/features/user/default-user';
import { getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { accessPrivateRequest } from '../private-request.slice';
import { acceptPrivateShow, cancelPrivateShow, declinePrivateShow } from '../private-shows.api';
import { isPrivateShowKey } from '../private-shows-realtime.saga';
import { PRIVATE_SHOW_STATUS_COLORS, PRIVATE_SHOW_STATUS_LABELS, showHref } from '../status-labels';
import { usePrivateShowList } from '../use-private-show-list';
import styles from './private-shows.module.css';
import { RelativeTime } from '@/client/components/relative-time';

const PAGE_SIZE = 10;
type Filter = 'pending' | 'all';
type Action = 'accept' | 'decline' | 'cancel';

const CALLS: Record<Action, (id: string) => Promise<unknown>> = { accept: acceptPrivateShow, decline: declinePrivateShow, cancel: cancelPrivateShow };
const DONE: Record<Action, string> = { accept: 'Request accepted', decline: 'Request declined', cancel: 'Request cancelled' };

interface ShowListProps {
  items: PrivateShowRequest[] | undefined;
  loading: boolean;
  me: string;
  actions: (r: PrivateShowRequest) => ReactNode[];
  empty: string;
}

/** One row per request: the other party, state, price, note and date, with the actions (wrapping under on phones). */
function ShowList({ items, loading, me, actions, empty }: ShowListProps) {
  if (loading && !items) return <Skeleton active avatar paragraph={{ rows: 1 }} />;
  if (!items?.length) return <Empty description={empty} />;
  return (
    <ul className={styles.list}>
      {items.map((r) => {
        const other = r.performerId === me ? r.fan : r.performer;
        return (
          <li key={r._id} className={styles.item} data-testid={`private-show-${r._id}`}>
            <div className={styles.who}>
              <Avatar src={other.avatar || AVATAR_PLACEHOLDER} alt="" />
              <Flex vertical gap={2} style={{ minWidth: 0 }}>
                <Flex gap={8} wrap align="center">
                  <Typography.Text strong>{other.name || other.username}</Typography.Text>
                  <Tag color={PRIVATE_SHOW_STATUS_COLORS[r.status]}>{PRIVATE_SHOW_STATUS_LABELS[r.status]}</Tag>
                  <Typography.Text type="secondary">{formatTokens(r.price)}</Typography.Text>
                </Flex>
                {r.message ? <Typography.Text className={styles.message}>{r.message}</Typography.Text> : null}
                <Typography.Text type="secondary">
                  <RelativeTime value={r.createdAt} />{r.isPaid ? ' · paid' : ''}{r.isRefunded ? ' · refunded' : ''}
                </Typography.Text>
              </Flex>
            </div>
            <Flex gap={8} wrap align="center">{actions(r)}</Flex>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Private show requests I received (creator: accept, decline, cancel before the start) or made
 * (fan: join, cancel), newest first, with the waiting ones first to hand. The socket saga
 * revalidates the list when one arrives or changes.
 */
export function PrivateShowRequests({ conversationId }: { conversationId?: string }) {
  const me = useAppSelector((s) => s.user.current._id);
  const dispatch = useAppDispatch();
  const { mutate: mutateGlobal } = useSWRConfig();
  const [filter, setFilter] = useState<Filter>('pending');
  const [current, setCurrent] = useState(1);
  const [busy, setBusy] = useState<string | null>(null);
  const query = {
    offset: (current - 1) * PAGE_SIZE,
    // In a conversation: its latest request, whatever its state.
    limit: conversationId ? 1 : PAGE_SIZE,
    ...(filter === 'pending' && !conversationId ? { status: 'pending' as PrivateShowStatus } : {}),
    ...(conversationId ? { conversationId } : {}),
  };
  const { data, error, isLoading, mutate } = usePrivateShowList(query);
  if (conversationId && !error && !data?.data.data.length) return null;

  const act = async (request: PrivateShowRequest, action: Action) => {
    setBusy(`${request._id}:${action}`);
    try {
      await CALLS[action](request._id);
      if (request.performerId === me) dispatch(accessPrivateRequest(request.conversationId));
      toast.success(DONE[action]);
      await mutateGlobal(isPrivateShowKey);
      // Accepting opened the private stream: the studio shows it with the camera.
      if (action === 'accept') {
        await mutateGlobal('/streaming/me');
        await Router.push('/creator/live');
      }
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setBusy(null);
    }
  };

  const actions = (r: PrivateShowRequest) => {
    const mine = r.performerId === me;
    const button = (action: Action, label: string, primary = false) => (
      <Button key={action} size="small" type={primary ? 'primary' : 'default'} danger={action === 'decline'} loading={busy === `${r._id}:${action}`} disabled={busy !== null && busy !== `${r._id}:${action}`} onClick={() => void act(r, action)}>
        {label}
      </Button>
    );
    const list = [];
    if (mine && r.status === 'pending') list.push(button('accept', 'Accept', true), button('decline', 'Decline'));
    if (mine && (r.status === 'accepted' || r.status === 'started')) list.push(<LinkButton key="studio" size="small" type="primary" href="/creator/live">Live studio</LinkButton>);
    if (!mine && (r.status === 'accepted' || r.status === 'started')) list.push(<LinkButton key="join" size="small" type="primary" href={showHref(r.performer)}>Join</LinkButton>);
    if (r.status === 'accepted' || (!mine && r.status === 'pending')) list.push(button('cancel', 'Cancel'));
    if (!conversationId) list.push(<Link key="chat" href={conversationHref(r.conversationId)}>Conversation</Link>);
    return list;
  };

  return (
    <Flex vertical gap={12}>
      {conversationId ? null : (
        <Segmented<Filter>
          value={filter}
          onChange={(v) => { setFilter(v); setCurrent(1); }}
          options={[{ label: 'Waiting', value: 'pending' }, { label: 'All', value: 'all' }]}
        />
      )}
      {error ? (
        <ListError error={error} onRetry={() => void mutate()} title="We could not load the private show requests" />
      ) : (
        <ShowList items={data?.data.data} loading={isLoading} me={me} actions={actions} empty={filter === 'pending' && !conversationId ? 'No requests waiting' : 'No private show requests yet'} />
      )}
      {data && !conversationId ? <ListPager current={current} pageSize={PAGE_SIZE} total={data.data.total} onChange={(page) => setCurrent(page)} /> : null}
    </Flex>
  );
}
