import { useEffect } from 'react';
import { Flex, Tag } from 'antd';
import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import type { Message } from '@/common/contract/messaging';
import type { MediaFileStatus, MediaFileView } from '@/common/contract/media';
import { MediaView } from '@/client/features/content/components/media-view';
import { STATUS_POLL_MS } from '@/client/features/content/use-media-upload';
import { formatTokens } from '@/client/lib/format-amount';
import { FALLBACK_THUMBNAIL } from '@/common/lib/thumbnail';
import { request } from '@/client/lib/request';
import { useAppDispatch } from '@/client/store/hooks';
import { fileStatusUrl } from '../messages.api';
import { fetchMessages } from '../message.slice';
import { PaidMessageUnlock } from './paid-message-unlock';
import lockedStyles from '@/client/features/content/components/locked-media.module.css';
import styles from './messages.module.css';

const isProcessing = (f: MediaFileView) => f.status === 'pending' || f.status === 'processing';

/**
 * Follows a video of a sent message through processing (spec 4 status polling); once it is
 * ready the conversation's newest page is loaded again, which brings the playable URL.
 */
function useProcessingPoll(message: Message) {
  const dispatch = useAppDispatch();
  const pending = message.files.filter(isProcessing).map((f) => f._id).join(',');
  useEffect(() => {
    if (!pending) return undefined;
    let alive = true;
    let timer: ReturnType<typeof setTimeout>;
    const ids = pending.split(',');
    const poll = () => {
      timer = setTimeout(async () => {
        try {
          const answers = await Promise.all(
            ids.map((id) => request<{ data: MediaFileStatus }>({ method: 'GET', url: fileStatusUrl(message._id, id) })),
          );
          if (!alive) return;
          if (answers.every((a) => !isProcessing(a.data as MediaFileView))) {
            dispatch(fetchMessages({ conversationId: message.conversationId }));
            return;
          }
        } catch {
          // A failed poll is not a failed file: ask again.
        }
        if (alive) poll();
      }, STATUS_POLL_MS);
    };
    poll();
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [pending, message._id, message.conversationId, dispatch]);
}

/** The photos and videos of a message: open ones play; a paid message not bought yet shows blurred previews and the unlock button. */
export function MessageFiles({ message, mine }: { message: Message; mine: boolean }) {
  useProcessingPoll(message);
  if (message.files.length === 0) return null;
  if (!message.isUnlocked) {
    const preview = message.files[0].preview || message.files[0].thumbnails[0] || FALLBACK_THUMBNAIL;
    const counts = message.files.reduce<Record<string, number>>((acc, f) => ({ ...acc, [f.kind]: (acc[f.kind] ?? 0) + 1 }), {});
    const what = [counts.image && `${counts.image} photo${counts.image > 1 ? 's' : ''}`, counts.video && `${counts.video} video${counts.video > 1 ? 's' : ''}`]
      .filter(Boolean)
      .join(' · ');
    return (
      <div className={lockedStyles.frame} role="group" aria-label="Paid message">
        <img src={preview} alt="" />
        <div className={lockedStyles.overlay}>
          <Flex vertical align="center" gap={8}>
            <LockOutlined style={{ fontSize: 22 }} />
            <span>{what}</span>
            <PaidMessageUnlock message={message} />
          </Flex>
        </div>
      </div>
    );
  }
  return (
    <div className={styles.bubbleMedia}>
      {message.files.map((file, i) => (
        <MediaView key={file._id} file={file} isOwner={mine} label={`${file.kind === 'video' ? 'Video' : 'Photo'} ${i + 1} of the message`} />
      ))}
      {message.price > 0 ? (
        <Tag icon={mine ? <LockOutlined /> : <UnlockOutlined />} color={mine ? 'default' : 'green'} style={{ justifySelf: 'start' }}>
          {mine ? `Paid message · ${formatTokens(message.price)}` : `Unlocked · ${formatTokens(message.price)}`}
        </Tag>
      ) : null}
    </div>
  );
}
