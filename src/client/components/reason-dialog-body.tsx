import { useState } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { getErrorMessage } from '@/client/lib/error-message';
import type { ReasonDialogProps } from './reason-dialog';
import { fieldProblem } from './server-errors';

/** The dialog itself (reason-dialog.tsx loads it when first opened). */
export function ReasonDialogBody({
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
