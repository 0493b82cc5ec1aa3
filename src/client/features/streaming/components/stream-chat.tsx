import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import Link from 'next/link';
import { Alert, Avatar, Button, Card, Flex, Input, Popconfirm, Typography } from 'antd';
import { DeleteOutlined, SendOutlined } from '@ant-design/icons';
import { STREAM_MESSAGE_TEXT_MAX, type StreamMessage } from '@/common/contract/streaming';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { getErrorMessage } from '@/client/lib/error-message';
import {
  deleteStreamMessage,
  loadMoreStreamMessages,
  loadStreamMessages,
  selectStreamMessages,
  sendStreamMessage,
} from '../stream-message.slice';
import { useChatCatchUp } from '../use-chat-catch-up';
import styles from './streaming.module.css';

export const CHAT_CLOSED = 'The creator closed the chat.';

export interface StreamChatProps {
  conversationId: string;
  isChatClosed: boolean;
  /** The creator: may delete any message and write while the chat is closed. */
  isOwner?: boolean;
  /** Extra actions in the title bar (the creator's moderation buttons). */
  extra?: React.ReactNode;
}

/** Within this many pixels of the top, the older page is loaded. */
const NEAR_TOP = 40;

function ChatLine({ message, canDelete, onDelete }: { message: StreamMessage; canDelete: boolean; onDelete: () => void }) {
  return (
    <div className={styles.chatItem}>
      <Avatar src={message.sender.avatar} size="small" alt="" />
      <div style={{ flex: 1, minWidth: 0 }}>
        <Typography.Text strong>{message.sender.name}</Typography.Text>{' '}
        <Typography.Text className={styles.chatText} type={message.isDeleted ? 'secondary' : undefined} italic={message.isDeleted}>
          {message.text}
        </Typography.Text>
      </div>
      {canDelete && !message.isDeleted ? (
        <Popconfirm title="Delete this message?" okText="Delete" onConfirm={onDelete}>
          <Button type="text" size="small" icon={<DeleteOutlined />} aria-label={`Delete message from ${message.sender.name}`} />
        </Popconfirm>
      ) : null}
    </div>
  );
}

/**
 * The live chat of a stream, shared by the watch page and the creator's page: newest at the
 * bottom (auto-scrolled), older pages on scrolling up, Enter sends (Shift+Enter breaks the line).
 */
export function StreamChat({ conversationId, isChatClosed, isOwner = false, extra }: StreamChatProps) {
  const dispatch = useAppDispatch();
  const chat = useAppSelector((s) => selectStreamMessages(s, conversationId));
  const sending = useAppSelector((s) => s.streamMessage.sending);
  const sendError = useAppSelector((s) => s.streamMessage.error);
  const loggedIn = useAppSelector((s) => s.auth.loggedIn);
  const myId = useAppSelector((s) => (s.auth.loggedIn ? s.user.current._id : ''));
  const [draft, setDraft] = useState('');
  const [pendingSend, setPendingSend] = useState(false);
  // The server's refusal of my last send (closed chat, too fast), shown under the composer.
  const [sendFailure, setSendFailure] = useState<unknown>(null);
  const list = useRef<HTMLDivElement>(null);
  const lastId = chat.items.at(-1)?._id;

  useEffect(() => {
    dispatch(loadStreamMessages({ conversationId }));
  }, [dispatch, conversationId]);
  useChatCatchUp(conversationId);

  // A new newest message scrolls to the end; an older page keeps the reader's place.
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lastId]);

  // The draft is cleared only once the send succeeded (spec 8: a failure keeps it).
  useEffect(() => {
    if (!pendingSend || sending) return;
    setPendingSend(false);
    setSendFailure(sendError);
    if (!sendError) setDraft('');
  }, [pendingSend, sending, sendError]);

  const canWrite = loggedIn && (isOwner || !isChatClosed);
  const send = () => {
    const text = draft.trim();
    if (!text || sending) return;
    setPendingSend(true);
    dispatch(sendStreamMessage({ conversationId, text }));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      send();
    }
  };
  const onScroll = () => {
    const el = list.current;
    if (el && el.scrollTop < NEAR_TOP && chat.items.length < chat.total && !chat.fetching) {
      const before = el.scrollHeight;
      dispatch(loadMoreStreamMessages({ conversationId }));
      requestAnimationFrame(() => {
        if (list.current) list.current.scrollTop = list.current.scrollHeight - before;
      });
    }
  };

  return (
    <Card title="Live chat" extra={extra} size="small" styles={{ body: { padding: 12 } }}>
      <div className={styles.chat}>
        <div ref={list} className={styles.chatList} onScroll={onScroll} aria-label="Chat messages" role="log">
          {chat.items.length < chat.total ? (
            <Flex justify="center">
              <Button size="small" type="link" loading={chat.fetching} onClick={() => dispatch(loadMoreStreamMessages({ conversationId }))}>
                Load older messages
              </Button>
            </Flex>
          ) : null}
          {chat.error && !chat.items.length ? (
            <Flex vertical align="center" gap={8}>
              <Typography.Text type="secondary">The chat could not be loaded.</Typography.Text>
              <Button size="small" onClick={() => dispatch(loadStreamMessages({ conversationId }))}>
                Reload chat
              </Button>
            </Flex>
          ) : null}
          {!chat.items.length && !chat.fetching && !chat.error ? (
            <Typography.Text type="secondary">No messages yet. Say hello!</Typography.Text>
          ) : null}
          {chat.items.map((m) => (
            <ChatLine
              key={m._id}
              message={m}
              canDelete={isOwner || m.senderId === myId}
              onDelete={() => dispatch(deleteStreamMessage({ conversationId, messageId: m._id }))}
            />
          ))}
        </div>
        {isChatClosed ? <Alert type="info" showIcon title={CHAT_CLOSED} style={{ marginBottom: 8 }} /> : null}
        {!loggedIn ? (
          <Typography.Text type="secondary">
            <Link href="/auth/login">Sign in</Link> to chat.
          </Typography.Text>
        ) : canWrite ? (
          <Flex gap={8} align="flex-end">
            <Input.TextArea
              aria-label="Chat message"
              placeholder="Say something…"
              autoSize={{ minRows: 1, maxRows: 4 }}
              maxLength={STREAM_MESSAGE_TEXT_MAX}
              value={draft}
              status={sendFailure ? 'error' : undefined}
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={onKeyDown}
            />
            <Button type="primary" icon={<SendOutlined />} loading={sending} onClick={send} aria-label="Send">
              Send
            </Button>
          </Flex>
        ) : null}
        {sendFailure ? (
          <Typography.Text type="danger" style={{ fontSize: 12 }}>
            {getErrorMessage(sendFailure)}
          </Typography.Text>
        ) : null}
      </div>
    </Card>
  );
}
