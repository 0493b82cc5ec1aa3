import { useState } from 'react';
import { Alert, Avatar, Button, Flex, Modal, Select, Tag, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { followRoutes } from '@/common/contract/social';
import { subscriptionRoutes } from '@/common/contract/subscriptions';
import type { UserPublic } from '@/common/contract/users';
import { AVATAR_PLACEHOLDER } from '@/client/features/user/default-user';
import { useDebouncedValue } from '@/client/hooks/use-debounced-value';
import { useRouteData } from '@/client/hooks/use-route-data';
import { GENERIC_UPDATE_ERROR, getErrorMessage } from '@/client/lib/error-message';
import { useOpenConversationWithFan } from '../use-open-conversation-with-fan';

/** Candidates shown per list (followers, subscribers) for one search. */
const PER_LIST = 10;

interface Candidate {
  user: UserPublic;
  follower: boolean;
  subscriber: boolean;
}

/**
 * Followers and subscribers matching the search, merged by account (a fan may be both). Without a
 * search the newest of each are offered, so a creator with few fans can just pick one.
 */
function useCandidates(term: string | null) {
  // null: the dialog is closed, nothing is asked.
  const query = term === null ? null : { offset: 0, limit: PER_LIST, ...(term ? { q: term } : {}) };
  const followers = useRouteData(followRoutes.followers, query, { keepPreviousData: true });
  const subscribers = useRouteData(subscriptionRoutes.performerSearch, query, { keepPreviousData: true });
  const byId = new Map<string, Candidate>();
  for (const entry of followers.data?.data.data ?? []) byId.set(entry.follower._id, { user: entry.follower, follower: true, subscriber: false });
  for (const s of subscribers.data?.data.data ?? []) {
    const known = byId.get(s.user._id);
    if (known) known.subscriber = true;
    else byId.set(s.user._id, { user: s.user, follower: false, subscriber: true });
  }
  return {
    candidates: [...byId.values()],
    loading: followers.isLoading || subscribers.isLoading,
    failed: Boolean(followers.error && subscribers.error),
  };
}

/**
 * "New message" for creators on /messages (issue 14): pick a follower or subscriber (search by name
 * or username), then the conversation with them opens, ready to write. Whether the creator may
 * write is the server's call (the fan follows or subscribes, nobody blocked anybody); its reason
 * is shown in the dialog.
 */
export function ComposeDialog() {
  const [openDialog, setOpenDialog] = useState(false);
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const term = useDebouncedValue(search.trim().slice(0, 100));
  const { candidates, loading, failed } = useCandidates(openDialog ? term : null);
  const { open, opening } = useOpenConversationWithFan();

  const close = () => {
    setOpenDialog(false);
    setPicked(undefined);
    setSearch('');
    setProblem(null);
  };
  const start = async () => {
    if (!picked) return;
    setProblem(null);
    try {
      await open(picked);
      close();
    } catch (err) {
      setProblem(getErrorMessage(err, GENERIC_UPDATE_ERROR));
    }
  };

  let notFound = 'No followers or subscribers yet';
  if (failed) notFound = 'Could not search, please try again';
  else if (loading) notFound = 'Searching…';
  else if (term) notFound = `No follower or subscriber matches “${term}”`;

  return (
    <>
      <Button type="primary" icon={<EditOutlined />} onClick={() => setOpenDialog(true)}>
        New message
      </Button>
      <Modal
        open={openDialog}
        title="New message"
        onCancel={close}
        okText="Write message"
        okButtonProps={{ disabled: !picked, loading: Boolean(opening) }}
        onOk={() => void start()}
        destroyOnHidden
      >
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">Write to one of your followers or subscribers.</Typography.Text>
          <Select<string>
            aria-label="Recipient"
            value={picked}
            onChange={(v) => { setPicked(v); setProblem(null); }}
            allowClear
            placeholder="Search followers and subscribers by name or username"
            showSearch={{ filterOption: false, onSearch: setSearch }}
            loading={loading}
            notFoundContent={notFound}
            style={{ width: '100%' }}
            options={candidates.map(({ user, follower, subscriber }) => ({
              value: user._id,
              title: user.username ? `${user.name} (@${user.username})` : user.name,
              label: (
                <Flex align="center" gap={8} style={{ minWidth: 0 }}>
                  <Avatar src={user.avatar || AVATAR_PLACEHOLDER} alt="" size={20} style={{ flex: 'none' }} />
                  <Typography.Text ellipsis style={{ flex: 1 }}>
                    {user.name}
                    {user.username ? <Typography.Text type="secondary"> @{user.username}</Typography.Text> : null}
                  </Typography.Text>
                  {subscriber ? <Tag color="blue" style={{ marginInlineEnd: 0 }}>Subscriber</Tag> : null}
                  {follower && !subscriber ? <Tag style={{ marginInlineEnd: 0 }}>Follower</Tag> : null}
                </Flex>
              ),
            }))}
          />
          {problem ? <Alert type="error" showIcon title={problem} /> : null}
        </Flex>
      </Modal>
    </>
  );
}
