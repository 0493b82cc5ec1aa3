import { useCallback, useLayoutEffect, useRef } from 'react';
import Link from 'next/link';
import { Avatar, Button, Empty, Flex, Spin, Typography } from 'antd';
import { ArrowLeftOutlined, ReloadOutlined } from '@ant-design/icons';
import type { Conversation } from '@/common/contract/messaging';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { AVATAR_PLACEHOLDER } from '@/client/features/user/default-user';
import { fetchMessages, loadOlderMessages, selectConversationMessages } from '../message.slice';
import { MessageBubble } from './message-bubble';
import { MessageComposer } from './message-composer';
import { ConversationPrivateShow } from '@/client/features/private-shows/components/conversation-private-show';
import styles from './messages.module.css';

/** How close to the top (px) the reader scrolls before older messages load. */
export const LOAD_OLDER_THRESHOLD = 80;

function ThreadHead({ conversation, onBack }: { conversation: Conversation; onBack: () => void }) {
  const party = conversation.recipient;
  const name = party?.name ?? 'Conversation';
  const avatar = <Avatar src={party?.avatar || AVATAR_PLACEHOLDER} alt="" size={36} />;
  return (
    <div className={styles.threadHead}>
      <Button type="text" icon={<ArrowLeftOutlined />} aria-label="Back to conversations" onClick={onBack} />
      {party?.isPerformer ? (
        <Link href={`/${party.username || party._id}`}>
          <Flex align="center" gap={10}>
            {avatar}
            <Typography.Text strong>{name}</Typography.Text>
          </Flex>
        </Link>
      ) : (
        <Flex align="center" gap={10}>
          {avatar}
          <Typography.Text strong>{name}</Typography.Text>
        </Flex>
      )}
    </div>
  );
}

/**
 * One conversation: messages oldest first, scrolled to the newest; scrolling to the top loads
 * the page before (spec 4 load older, keeping the reader's place); the composer underneath.
 */
export function MessageThread({ conversation, onBack }: { conversation: Conversation; onBack: () => void }) {
  const dispatch = useAppDispatch();
  const conversationId = conversation._id;
  const { items, total, fetching, error } = useAppSelector((s) => selectConversationMessages(s, conversationId));
  const myId = useAppSelector((s) => s.auth.authUser?._id);
  const scrollRef = useRef<HTMLDivElement>(null);
  // Where the reader was before older messages were put above: restored after they render.
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const seen = useRef<{ first?: string; last?: string; conversationId?: string }>({});
  const hasOlder = items.length < total;

  const loadOlder = useCallback(() => {
    if (!hasOlder || fetching) return;
    const el = scrollRef.current;
    if (el) anchor.current = { height: el.scrollHeight, top: el.scrollTop };
    dispatch(loadOlderMessages({ conversationId }));
  }, [dispatch, conversationId, hasOlder, fetching]);

  const first = items[0]?._id;
  const last = items[items.length - 1]?._id;
  useLayoutEffect(() => {
    const el = scrollRef.current;
    const before = seen.current;
    seen.current = { first, last, conversationId };
    if (!el) return;
    if (before.conversationId !== conversationId || before.last !== last) {
      // Opened, or a new message at the end: show the newest.
      el.scrollTop = el.scrollHeight;
      anchor.current = null;
    } else if (before.first !== first && anchor.current) {
      el.scrollTop = el.scrollHeight - anchor.current.height + anchor.current.top;
      anchor.current = null;
    }
  }, [first, last, conversationId]);

  const onScroll = () => {
    const el = scrollRef.current;
    if (el && el.scrollTop <= LOAD_OLDER_THRESHOLD) loadOlder();
  };

  return (
    <>
      <ThreadHead conversation={conversation} onBack={onBack} />
      <div className={styles.threadPrivateShow}>
        <ConversationPrivateShow conversation={conversation} />
      </div>
      <div ref={scrollRef} className={styles.threadScroll} onScroll={onScroll} role="log" aria-label={`Messages with ${conversation.recipient?.name ?? 'this person'}`} aria-busy={fetching}>
        {hasOlder ? (
          <Flex justify="center">
            <Button size="small" loading={fetching} onClick={loadOlder}>
              Load older messages
            </Button>
          </Flex>
        ) : null}
        {fetching && items.length === 0 ? (
          <Flex justify="center" style={{ padding: 24 }}>
            <Spin aria-label="Loading messages" />
          </Flex>
        ) : null}
        {error && items.length === 0 && !fetching ? (
          <Flex justify="center">
            <Button icon={<ReloadOutlined />} onClick={() => dispatch(fetchMessages({ conversationId }))}>
              Reload messages
            </Button>
          </Flex>
        ) : null}
        {!fetching && !error && items.length === 0 ? <Empty description="No messages yet. Say hello!" /> : null}
        {items.map((message) => (
          <MessageBubble key={message._id} message={message} mine={message.senderId === myId} />
        ))}
      </div>
      <MessageComposer conversation={conversation} />
    </>
  );
}
