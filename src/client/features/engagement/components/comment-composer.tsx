import { useState, type FormEvent } from 'react';
import { Button, Input, Space } from 'antd';
import { COMMENT_MAX_LENGTH } from '@/common/contract/comments';
import { getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import styles from './comments.module.css';

export interface CommentComposerProps {
  /** Receives the typed text; a rejection keeps the text and shows the message (spec 8). */
  onSubmit: (text: string) => Promise<void>;
  initialValue?: string;
  submitLabel?: string;
  placeholder?: string;
  label?: string;
  onCancel?: () => void;
  autoFocus?: boolean;
}

/** A plain text box with a character count (the server's limit) and a send button that spins. */
export function CommentComposer({
  onSubmit, initialValue = '', submitLabel = 'Post', placeholder = 'Write a comment…', label = 'Comment', onCancel, autoFocus,
}: CommentComposerProps) {
  const [text, setText] = useState(initialValue);
  const [sending, setSending] = useState(false);
  const empty = !text.trim();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (empty || sending) return;
    setSending(true);
    try {
      await onSubmit(text);
      setText('');
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setSending(false);
    }
  };

  return (
    <form className={styles.composer} onSubmit={submit}>
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
      <Space className={styles.composerActions}>
        {onCancel ? <Button onClick={onCancel} disabled={sending}>Cancel</Button> : null}
        <Button type="primary" htmlType="submit" loading={sending} disabled={empty}>
          {submitLabel}
        </Button>
      </Space>
    </form>
  );
}
