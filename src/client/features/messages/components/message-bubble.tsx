import { Button, Popconfirm } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import type { Message } from '@/common/contract/messaging';
import { useAppDispatch } from '@/client/store/hooks';
import { REMOTE_DELETED_TEXT, deleteMessage } from '../message.slice';
import { formatShort } from '@/client/lib/format-date';
import { MessageFiles } from './message-files';
import styles from './messages.module.css';

/** One message: text and files, time, "Seen" on mine, and a delete action for the sender. */
export function MessageBubble({ message, mine }: { message: Message; mine: boolean }) {
  const dispatch = useAppDispatch();
  const deleted = message.isDeleted;
  return (
    <div className={`${styles.bubbleRow} ${mine ? styles.bubbleRowMine : ''}`} data-testid="message" data-message-id={message._id}>
      <div className={`${styles.bubble} ${mine ? styles.bubbleMine : ''} ${deleted ? styles.bubbleDeleted : ''}`}>
        {deleted ? (
          REMOTE_DELETED_TEXT
        ) : (
          <>
            <MessageFiles message={message} mine={mine} />
            {message.text ? <div>{message.text}</div> : null}
          </>
        )}
        <div className={styles.bubbleMeta}>
          <time dateTime={message.createdAt}>{formatShort(message.createdAt)}</time>
          {mine && message.isSeen && !deleted ? <span>· Seen</span> : null}
          {mine && !deleted ? (
            <Popconfirm
              title="Delete this message?"
              description="The other person will see that it was deleted."
              okText="Delete"
              okButtonProps={{ danger: true }}
              onConfirm={() => {
                dispatch(deleteMessage({ conversationId: message.conversationId, messageId: message._id }));
              }}
            >
              <Button type="text" size="small" icon={<DeleteOutlined />} aria-label="Delete message" style={{ color: 'inherit', height: 18, width: 18, minWidth: 18 }} />
            </Popconfirm>
          ) : null}
        </div>
      </div>
    </div>
  );
}
