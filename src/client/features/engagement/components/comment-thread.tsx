import { useState } from 'react';
import { Button } from 'antd';
import type { Comment } from '@/common/contract/comments';
import { useAppSelector } from '@/client/store/hooks';
import { useLoginRedirect } from '@/client/hooks/use-login-redirect';
import { toast } from '@/client/lib/toast';
import { plainToCommentHtml } from '../comment-text';
import { postComment } from '../engagement.api';
import { useComments } from '../use-comments';
import { CommentComposer, type CommentDraft } from './comment-composer';
import { CommentItem } from './comment-item';
import styles from './comments.module.css';

interface Props {
  comment: Comment;
  /** Reloads the item's comment list (counts and reply previews come from there). */
  onChanged: () => void;
}

/**
 * A top-level comment with its replies. The list brings the first replies along; "View more"
 * switches to paging through all of them. Replies can be hidden, and one level only: replies
 * have no Reply button.
 */
export function CommentThread({ comment, onChanged }: Props) {
  const loggedIn = useAppSelector((s) => s.auth.loggedIn);
  const goToLogin = useLoginRedirect();
  const [open, setOpen] = useState(true);
  const [expanded, setExpanded] = useState(false);
  const [replying, setReplying] = useState(false);
  const all = useComments({ objectType: comment.objectType, objectId: comment.objectId, parentId: comment._id }, expanded);

  const replies = expanded && all.items.length ? all.items : comment.replies ?? [];
  const hidden = comment.totalReplies - replies.length;
  const refresh = () => {
    onChanged();
    if (expanded) void all.reload();
  };

  const reply = async ({ text, fileId }: CommentDraft) => {
    await postComment({
      objectType: comment.objectType, objectId: comment.objectId, parentId: comment._id, text: plainToCommentHtml(text), ...(fileId ? { fileId } : {}),
    });
    toast.success('Reply posted');
    setReplying(false);
    setOpen(true);
    refresh();
  };

  const replyButton = (
    <Button type="link" size="small" onClick={() => (loggedIn ? setReplying((r) => !r) : goToLogin())}>
      Reply
    </Button>
  );
  const toggleLabel = open ? 'Hide replies' : `Show replies (${comment.totalReplies})`;

  return (
    <CommentItem
      comment={comment}
      onChanged={onChanged}
      actions={
        <>
          {comment.isHidden ? null : replyButton}
          {comment.totalReplies > 0 ? (
            <Button type="link" size="small" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
              {toggleLabel}
            </Button>
          ) : null}
        </>
      }
    >
      {open && replies.length ? (
        <ul className={styles.replies} aria-label="Replies">
          {replies.map((r) => (
            <li key={r._id}>
              <CommentItem comment={r} onChanged={refresh} />
            </li>
          ))}
        </ul>
      ) : null}
      {open && (hidden > 0 || (expanded && all.hasMore)) ? (
        <Button
          type="link"
          size="small"
          loading={all.loadingMore || (expanded && all.isLoading)}
          onClick={() => (expanded ? all.loadMore() : setExpanded(true))}
        >
          {hidden > 0 ? `View ${hidden} more ${hidden === 1 ? 'reply' : 'replies'}` : 'View more replies'}
        </Button>
      ) : null}
      {replying ? (
        <div className={styles.replies}>
          <CommentComposer onSubmit={reply} submitLabel="Reply" label="Reply" placeholder="Write a reply…" onCancel={() => setReplying(false)} autoFocus />
        </div>
      ) : null}
    </CommentItem>
  );
}
