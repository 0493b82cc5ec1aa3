import { useCallback, useEffect } from 'react';
import { useRouter } from 'next/router';
import { Empty } from 'antd';
import { CONVERSATION_SOURCES, type ConversationSource } from '@/common/contract/messaging';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { clearActiveConversation, openConversation, selectActiveConversation } from '../conversation.slice';
import { conversationHref } from '../conversation-href';
import { ConversationList } from './conversation-list';
import { MessageThread } from './message-thread';
import styles from './messages.module.css';

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
const isSource = (value: string | undefined): value is ConversationSource => CONVERSATION_SOURCES.includes(value as ConversationSource);

/**
 * /messages: the conversation list beside the open conversation. The open one lives in the query
 * string (`?conversationId=`), so links, Back and reloads open it; `?toSource=&toId=` opens (or
 * creates) the conversation with a person (spec 4 without an id) and then names it by its id.
 */
export function MessagesPage() {
  const router = useRouter();
  const dispatch = useAppDispatch();
  const active = useAppSelector(selectActiveConversation);
  const conversationId = one(router.query.conversationId);
  const toSource = one(router.query.toSource);
  const toId = one(router.query.toId);

  useEffect(() => {
    if (conversationId) dispatch(openConversation({ conversationId }));
    else if (isSource(toSource) && toId) dispatch(openConversation({ source: toSource, sourceId: toId }));
    else dispatch(clearActiveConversation());
  }, [dispatch, conversationId, toSource, toId]);

  // Created from a person: from now on the URL names the conversation.
  useEffect(() => {
    if (!conversationId && toId && active) void router.replace(conversationHref(active._id), undefined, { shallow: true });
  }, [conversationId, toId, active, router]);

  // Leaving the page: new messages count as unseen again.
  useEffect(() => () => {
    dispatch(clearActiveConversation());
  }, [dispatch]);

  const select = useCallback((id: string) => void router.push(conversationHref(id), undefined, { shallow: true }), [router]);
  const back = useCallback(() => void router.push('/messages', undefined, { shallow: true }), [router]);

  const showThread = Boolean(active) && (active!._id === conversationId || Boolean(toId));
  return (
    <div className={styles.inbox} data-open={showThread ? 'true' : 'false'}>
      <section className={`${styles.panel} ${styles.listPanel}`} aria-label="Conversation list">
        <ConversationList onSelect={select} />
      </section>
      <section className={`${styles.panel} ${styles.threadPanel}`} aria-label="Conversation">
        {showThread && active ? (
          <MessageThread key={active._id} conversation={active} onBack={back} />
        ) : (
          <Empty style={{ margin: 'auto' }} description="Choose a conversation" />
        )}
      </section>
    </div>
  );
}
