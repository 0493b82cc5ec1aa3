import { useEffect, useRef, useState } from 'react';
import { Avatar, Badge, Button, Empty, Flex, Input, Spin, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import type { Conversation } from '@/common/contract/messaging';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { AVATAR_PLACEHOLDER } from '@/client/features/user/default-user';
import { loadConversations, setActiveConversation } from '../conversation.slice';
import { formatShort } from '@/client/lib/format-date';
import { previewOf } from '../message-preview';
import { ComposeDialog } from './compose-dialog';
import { MassMessageButton } from './mass-message-button';
import styles from './messages.module.css';

/** Waits this long after the last key before searching. */
export const SEARCH_DEBOUNCE_MS = 300;

interface Props {
  onSelect: (conversationId: string) => void;
}

function ConversationRow({ conversation, active, myId, onSelect }: { conversation: Conversation; active: boolean; myId?: string; onSelect: Props['onSelect'] }) {
  const name = conversation.recipient?.name ?? 'Conversation';
  const unseen = conversation.totalNotSeenMessages;
  return (
    <li>
      <button
        type="button"
        className={`${styles.conversationRow} ${active ? styles.conversationRowActive : ''}`}
        aria-current={active ? 'true' : undefined}
        aria-label={unseen > 0 ? `${name}, ${unseen} unread` : name}
        onClick={() => onSelect(conversation._id)}
      >
        <Avatar src={conversation.recipient?.avatar || AVATAR_PLACEHOLDER} alt="" size={44} />
        <span className={styles.conversationText}>
          <span className={styles.conversationTop}>
            <Typography.Text strong ellipsis>
              {name}
            </Typography.Text>
            <Typography.Text type="secondary" className={styles.conversationTime}>
              {formatShort(conversation.lastMessage?.createdAt ?? conversation.updatedAt)}
            </Typography.Text>
          </span>
          <span className={styles.conversationTop}>
            <Typography.Text type="secondary" ellipsis className={unseen > 0 ? styles.unseenPreview : undefined}>
              {previewOf(conversation.lastMessage, myId)}
            </Typography.Text>
            <Badge count={unseen} overflowCount={99} data-testid={`unread-${conversation._id}`} />
          </span>
        </span>
      </button>
    </li>
  );
}

/**
 * The signed-in person's conversations, newest activity first: search by the other party's name,
 * unread badges, "Load more". A failed load is kept as state (spec 8: no message), with a way to
 * try again.
 */
export function ConversationList({ onSelect }: Props) {
  const dispatch = useAppDispatch();
  const { ids, byId, total, requesting, error, activeId } = useAppSelector((s) => s.conversation);
  const myId = useAppSelector((s) => s.auth.authUser?._id);
  const isPerformer = useAppSelector((s) => s.user.current.isPerformer);
  const [q, setQ] = useState('');
  const firstRun = useRef(true);

  useEffect(() => {
    // The first load happens at once; typing waits for a pause.
    if (firstRun.current) {
      firstRun.current = false;
      dispatch(loadConversations({ q }));
      return undefined;
    }
    const timer = setTimeout(() => dispatch(loadConversations({ q })), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [dispatch, q]);

  // A reload replaces the list (spec 4); the open conversation (new, without messages yet, or on
  // a later page) stays at the front, as activating it put it there.
  const active = activeId ? byId[activeId] : undefined;
  const activeMissing = Boolean(active) && !q && !requesting && !ids.includes(activeId!);
  useEffect(() => {
    if (activeMissing && active) dispatch(setActiveConversation(active));
  }, [activeMissing, active, dispatch]);

  const conversations = ids.map((id) => byId[id]).filter(Boolean);
  return (
    <Flex vertical gap={12} className={styles.listColumn}>
      {isPerformer ? (
        <Flex gap={8} wrap>
          <ComposeDialog />
          <MassMessageButton />
        </Flex>
      ) : null}
      <Input.Search
        placeholder="Search conversations"
        aria-label="Search conversations"
        allowClear
        value={q}
        onChange={(e) => setQ(e.target.value)}
        onSearch={(value) => dispatch(loadConversations({ q: value }))}
      />
      {error && !requesting ? (
        <Button icon={<ReloadOutlined />} onClick={() => dispatch(loadConversations({ q }))}>
          Reload conversations
        </Button>
      ) : null}
      {conversations.length === 0 && !requesting && !error ? (
        <Empty description={q ? 'No conversation matches' : 'No conversations yet'} />
      ) : null}
      <ul className={styles.conversationList} aria-label="Conversations">
        {conversations.map((c) => (
          <ConversationRow key={c._id} conversation={c} active={c._id === activeId} myId={myId} onSelect={onSelect} />
        ))}
      </ul>
      {requesting ? (
        <Flex justify="center">
          <Spin aria-label="Loading conversations" />
        </Flex>
      ) : null}
      {!requesting && ids.length < total ? (
        <Button onClick={() => dispatch(loadConversations({ q, offset: ids.length, isMore: true }))}>Load more</Button>
      ) : null}
    </Flex>
  );
}
