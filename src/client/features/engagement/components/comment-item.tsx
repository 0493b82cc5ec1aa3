import { useState, type ReactNode } from 'react';
import Link from 'next/link';
import { Alert, Avatar, Button, Popconfirm } from 'antd';
import type { CommentReply } from '@/common/contract/comments';
import { SafeHtml } from '@/client/components/safe-html';
import { AVATAR_PLACEHOLDER } from '@/client/features/user/default-user';
import { getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { useAppSelector } from '@/client/store/hooks';
import { RelativeTime } from '@/client/components/relative-time';
import { commentHtmlToPlain, plainToCommentHtml } from '../comment-text';
import { deleteComment, editComment } from '../engagement.api';
import { CommentComposer, type CommentDraft } from './comment-composer';
import { CommentImage } from './comment-image';
import { ReportButton } from './report-button';
import styles from './comments.module.css';

export interface CommentItemProps {
  comment: CommentReply;
  /** Called after this comment was edited or deleted, so the lists reload. */
  onChanged: () => void;
  /** Extra actions (Reply on top-level comments). */
  actions?: ReactNode;
  /** Rendered under the text (replies and the reply form). */
  children?: ReactNode;
}

/** One comment: author, time, text, and what the viewer may do with it (edit, delete, report). */
export function CommentItem({ comment, onChanged, actions, children }: CommentItemProps) {
  const loggedIn = useAppSelector((s) => s.auth.loggedIn);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const { user } = comment;
  const name = user.name || user.username || 'Someone';
  const edited = new Date(comment.updatedAt).getTime() - new Date(comment.createdAt).getTime() > 1000;

  const save = async ({ text, image, removeImage }: CommentDraft, onProgress: (percent: number) => void) => {
    await editComment(comment._id, { text: plainToCommentHtml(text), image, removeImage }, onProgress);
    toast.success('Comment updated');
    setEditing(false);
    onChanged();
  };

  const remove = async () => {
    setDeleting(true);
    try {
      await deleteComment(comment._id);
      toast.success('Comment deleted');
      onChanged();
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setDeleting(false);
    }
  };

  return (
    <article className={styles.comment} aria-label={`Comment by ${name}`}>
      <Avatar src={user.avatar || AVATAR_PLACEHOLDER} alt="" size={comment.parentId ? 28 : 36} />
      <div className={styles.body}>
        <div className={styles.meta}>
          {user.isPerformer && user.username ? (
            <Link className={styles.name} href={`/${user.username}`}>{name}</Link>
          ) : (
            <span className={styles.name}>{name}</span>
          )}
          <span className={styles.muted}><RelativeTime value={comment.createdAt} /></span>
          {edited ? <span className={styles.muted}>(edited)</span> : null}
        </div>
        {editing ? (
          <CommentComposer
            initialValue={commentHtmlToPlain(comment.text)}
            initialImage={comment.image}
            imageMode="form"
            submitLabel="Save"
            label="Edit comment"
            onSubmit={save}
            onCancel={() => setEditing(false)}
            autoFocus
          />
        ) : (
          <>
            <SafeHtml html={comment.text} className={styles.text} />
            {comment.image ? <CommentImage image={comment.image} author={name} /> : null}
          </>
        )}
        {comment.isHidden ? (
          // Only its author and operators receive a removed comment: tell them why nobody else sees it.
          <Alert
            type="error"
            showIcon
            style={{ marginTop: 4 }}
            message={comment.hiddenReason ? `Removed by the moderators: ${comment.hiddenReason}` : 'Removed by the moderators'}
            description="Only you and the operators can see this comment."
          />
        ) : null}
        {!editing ? (
          <div className={styles.actions}>
            {actions}
            {comment.isOwner && !comment.isHidden ? <Button type="link" size="small" onClick={() => setEditing(true)}>Edit</Button> : null}
            {comment.canDelete ? (
              <Popconfirm
                title="Delete this comment?"
                description={comment.parentId ? undefined : 'Its replies will be deleted too.'}
                okText="Delete"
                okButtonProps={{ danger: true }}
                onConfirm={remove}
              >
                <Button type="link" size="small" danger loading={deleting}>Delete</Button>
              </Popconfirm>
            ) : null}
            {loggedIn && !comment.isOwner && !comment.isHidden ? <ReportButton targetType="comment" targetId={comment._id} variant="link" /> : null}
          </div>
        ) : null}
        {children}
      </div>
    </article>
  );
}
