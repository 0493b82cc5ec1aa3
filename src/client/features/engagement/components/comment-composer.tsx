import { useState, type FormEvent } from 'react';
import { Button, Input, Space } from 'antd';
import { COMMENT_MAX_LENGTH, type CommentImage } from '@/common/contract/comments';
import { getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import {
  CommentImagePicker, CommentImageTile, imageTypeProblem, progressStatus, readyStatus, refusedStatus, UploadingCommentImage,
  useLocalPreview, type UploadedImageState,
} from './comment-image-field';
import styles from './comments.module.css';

/** What a comment form sends: the typed text and what happens to the image. */
export interface CommentDraft {
  text: string;
  /** A new comment's image, already uploaded. */
  fileId?: string;
  /** An edit's new image, sent with the form. */
  image?: File;
  /** An edit drops the comment's image. */
  removeImage?: boolean;
}

type ImageChoice =
  | { kind: 'none' }
  | { kind: 'current'; image: CommentImage }
  | { kind: 'picked'; key: number; file: File; problem: string | null; uploaded: UploadedImageState };

export interface CommentComposerProps {
  /**
   * Receives the draft (and, for an edit carrying a new image, where to report the bytes sent); a
   * rejection keeps the text and the image and shows the message (spec 8).
   */
  onSubmit: (draft: CommentDraft, onProgress: (percent: number) => void) => Promise<void>;
  initialValue?: string;
  /** The comment's image when editing: kept unless removed or replaced. */
  initialImage?: CommentImage | null;
  /**
   * `upload`: a picked image is uploaded at once and the comment refers to it (new comments and
   * replies); `form`: the image travels with the form when it is saved (an edit, spec 7's upload).
   */
  imageMode?: 'upload' | 'form';
  submitLabel?: string;
  placeholder?: string;
  label?: string;
  onCancel?: () => void;
  autoFocus?: boolean;
}

const WAITING = { phase: 'uploading', fileId: null, error: null } as const;
let picks = 0;

/**
 * A plain text box with a character count (the server's limit), one optional image (preview,
 * progress, remove) and a send button that spins. The text is required, as on the server.
 */
export function CommentComposer({
  onSubmit, initialValue = '', initialImage = null, imageMode = 'upload', submitLabel = 'Post', placeholder = 'Write a comment…',
  label = 'Comment', onCancel, autoFocus,
}: CommentComposerProps) {
  const [text, setText] = useState(initialValue);
  const [choice, setChoice] = useState<ImageChoice>(initialImage ? { kind: 'current', image: initialImage } : { kind: 'none' });
  const [sending, setSending] = useState(false);
  const [sentPercent, setSentPercent] = useState<number | null>(null);
  const picked = choice.kind === 'picked' ? choice : null;
  const localPreview = useLocalPreview(imageMode === 'form' ? picked?.file ?? null : null);

  const imageBusy = Boolean(picked && imageMode === 'upload' && !picked.problem && picked.uploaded.phase === 'uploading');
  const imageRefused = Boolean(picked && (picked.problem || picked.uploaded.error));
  const empty = !text.trim();

  const pick = (file: File) => {
    picks += 1;
    setChoice({ kind: 'picked', key: picks, file, problem: imageTypeProblem(file), uploaded: WAITING });
  };
  const removeImage = () => setChoice({ kind: 'none' });

  const draftOf = (): CommentDraft => {
    if (imageMode === 'upload') return { text, ...(picked?.uploaded.fileId ? { fileId: picked.uploaded.fileId } : {}) };
    if (picked) return { text, image: picked.file };
    return { text, ...(initialImage && choice.kind === 'none' ? { removeImage: true } : {}) };
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (empty || sending || imageBusy || imageRefused) return;
    setSending(true);
    try {
      await onSubmit(draftOf(), setSentPercent);
      setText('');
      setChoice({ kind: 'none' });
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setSending(false);
      setSentPercent(null);
    }
  };

  let tile = null;
  if (choice.kind === 'current') {
    tile = <CommentImageTile src={choice.image.thumbnailUrl} name="Current image" status={readyStatus} onRemove={removeImage} disabled={sending} />;
  } else if (picked && picked.problem) {
    tile = <CommentImageTile src={null} name={picked.file.name} status={refusedStatus(picked.problem)} onRemove={removeImage} disabled={sending} />;
  } else if (picked && imageMode === 'upload') {
    tile = (
      <UploadingCommentImage
        key={picked.key}
        file={picked.file}
        onChange={(uploaded) => setChoice((c) => (c.kind === 'picked' && c.key === picked.key ? { ...c, uploaded } : c))}
        onRemove={removeImage}
        disabled={sending}
      />
    );
  } else if (picked) {
    const status = sending ? progressStatus(sentPercent ?? 0, picked.file.name) : readyStatus;
    tile = <CommentImageTile src={localPreview} name={picked.file.name} status={status} onRemove={removeImage} disabled={sending} />;
  }

  return (
    <form className={styles.composer} onSubmit={submit}>
      {/* The character count hangs below the box: the wrapper keeps room for it above the image. */}
      <div className={styles.composerText}>
        <Input.TextArea
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={placeholder}
          aria-label={label}
          maxLength={COMMENT_MAX_LENGTH}
          showCount
          autoSize={{ minRows: 2, maxRows: 8 }}
          autoFocus={autoFocus}
          disabled={sending}
        />
      </div>
      {tile}
      <div className={styles.composerBar}>
        {/* One image per comment: a new pick replaces the current one. */}
        {picked ? <span /> : <CommentImagePicker onPick={pick} disabled={sending} />}
        <Space>
          {onCancel ? <Button onClick={onCancel} disabled={sending}>Cancel</Button> : null}
          <Button type="primary" htmlType="submit" loading={sending} disabled={empty || imageBusy || imageRefused}>
            {submitLabel}
          </Button>
        </Space>
      </div>
    </form>
  );
}
