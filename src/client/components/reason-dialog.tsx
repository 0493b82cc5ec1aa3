import { useState, type ReactNode } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { getErrorMessage } from '@/client/lib/error-message';
import { fieldProblem } from './server-errors';

export interface ReasonDialogProps {
  open: boolean;
  title: ReactNode;
  okText: string;
  /** A destructive action: the button is red. */
  danger?: boolean;
  /** What the action does, in words, above the field (said before anyone presses the button). */
  children?: ReactNode;
  /** The field's label, tied to the box by `fieldId`; `ariaLabel` names the box on its own when the label is long. */
  label: ReactNode;
  fieldId: string;
  ariaLabel?: string;
  maxLength: number;
  placeholder?: string;
  /** Said under the empty field when OK is pressed; without it, OK waits until something is typed. */
  missingText?: string;
  /** The API's name for the field: a refusal's `details` about it show under it. */
  apiField?: string;
  /** Fields after the reason (a suspension's end). */
  more?: ReactNode;
  /**
   * Sends the trimmed reason. A rejection shows its message in the dialog, which stays open with
   * what was typed; answering `false` keeps it open without a message (the caller said why).
   */
  onSubmit: (reason: string) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * An operator decision that needs a reason the other side is told (warn, suspend, hide, reject,
 * refund): says what happens, asks the reason, and shows the server's refusal in place so the
 * operator reads it before deciding what to do next. Cleared when it is sent or cancelled.
 */
export function ReasonDialog({
  open, title, okText, danger, children, label, fieldId, ariaLabel, maxLength, placeholder, missingText, apiField = 'reason', more, onSubmit, onCancel,
}: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const text = reason.trim();

  const reset = () => {
    setReason('');
    setFailure(null);
    setFieldError(undefined);
  };

  const submit = async () => {
    if (!text) {
      setFieldError(missingText);
      return;
    }
    setBusy(true);
    setFailure(null);
    setFieldError(undefined);
    try {
      if ((await onSubmit(text)) !== false) reset();
    } catch (err) {
      setFailure(getErrorMessage(err));
      setFieldError(fieldProblem(err, apiField));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      okButtonProps={{ danger, loading: busy, disabled: !missingText && !text }}
      cancelText="Cancel"
      onOk={() => void submit()}
      onCancel={() => {
        reset();
        onCancel();
      }}
      destroyOnHidden
    >
      {children}
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
      <Form layout="vertical" onFinish={() => void submit()}>
        <Form.Item label={label} htmlFor={fieldId} required validateStatus={fieldError ? 'error' : undefined} help={fieldError}>
          <Input.TextArea
            id={fieldId}
            aria-label={ariaLabel}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              if (fieldError === missingText) setFieldError(undefined);
            }}
            maxLength={maxLength}
            showCount
            autoSize={{ minRows: 3 }}
            placeholder={placeholder}
          />
        </Form.Item>
        {more}
      </Form>
    </Modal>
  );
}
