import { Alert, Button, Empty, Skeleton, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import type { CommentObjectType } from '@/common/contract/comments';
import { useAppSelector } from '@/client/store/hooks';
import { ListError } from '@/client/components/list-error';
import { useLoginRedirect } from '@/client/hooks/use-login-redirect';
import { formatCount } from '@/client/lib/format-amount';
import { toast } from '@/client/lib/toast';
import { plainToCommentHtml } from '../comment-text';
import { postComment } from '../engagement.api';
import { useComments } from '../use-comments';
import { CommentComposer, type CommentDraft } from './comment-composer';
import { CommentThread } from './comment-thread';
import styles from './comments.module.css';

export interface CommentSectionProps {
  objectType: CommentObjectType;
  objectId: string;
  /** The viewer can open the item: only then are comments read and written (the API says 403 otherwise). */
  canComment: boolean;
  /** Shown instead of the comments when the item is locked ("Subscribe to join the conversation"). */
  lockedMessage?: string;
}

const DEFAULT_LOCKED = 'Unlock this to see and write comments';

/** The comments of a feed, video, gallery or product: composer, newest first, replies, load more. */
export function CommentSection({ objectType, objectId, canComment, lockedMessage = DEFAULT_LOCKED }: CommentSectionProps) {
  const loggedIn = useAppSelector((s) => s.auth.loggedIn);
  const goToLogin = useLoginRedirect();
  const list = useComments({ objectType, objectId }, canComment);

  const post = async ({ text, fileId }: CommentDraft) => {
    await postComment({ objectType, objectId, text: plainToCommentHtml(text), ...(fileId ? { fileId } : {}) });
    toast.success('Comment posted');
    await list.reload();
  };

  const heading = (
    <Typography.Title level={5} style={{ margin: 0 }}>
      Comments{canComment && list.total ? ` (${formatCount(list.total)})` : ''}
    </Typography.Title>
  );

  if (!canComment) {
    return (
      <section className={styles.section} aria-label="Comments">
        {heading}
        <Alert type="info" showIcon icon={<LockOutlined />} title={lockedMessage} />
      </section>
    );
  }

  let body;
  if (list.isLoading) {
    body = <Skeleton avatar active paragraph={{ rows: 2 }} aria-busy="true" />;
  } else if (list.error && !list.items.length) {
    body = <ListError error={list.error} onRetry={() => void list.reload()} title="We could not load the comments" />;
  } else if (!list.items.length) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No comments yet. Be the first to say something!" />;
  } else {
    body = (
      <ul className={styles.list}>
        {list.items.map((c) => (
          <li key={c._id}>
            <CommentThread comment={c} onChanged={() => void list.reload()} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className={styles.section} aria-label="Comments">
      {heading}
      {loggedIn ? (
        <CommentComposer onSubmit={post} />
      ) : (
        <Button onClick={goToLogin}>Sign in to comment</Button>
      )}
      {body}
      {list.hasMore ? (
        <Button className={styles.loadMore} onClick={() => void list.loadMore()} loading={list.loadingMore}>
          Load more comments
        </Button>
      ) : null}
    </section>
  );
}
