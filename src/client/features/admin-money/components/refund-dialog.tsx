import { useState } from 'react';
import { Typography } from 'antd';
import { REFUND_REASON_MAX } from '@/common/contract/admin-money';
import { ReasonDialog } from '@/client/components/reason-dialog';
import { newIdempotencyKey } from '@/client/lib/idempotency-key';

interface Props {
  title: string;
  /** What the refund does, in words (who loses what, who gets what, what access ends). */
  consequence: string;
  okText: string;
  /** Sends the refund with the reason and this attempt's Idempotency-Key; rejects with the API error. */
  onRefund: (reason: string, key: string) => Promise<unknown>;
  onDone: () => void;
  onCancel: () => void;
}

/**
 * The confirmation of a refund: says exactly what happens, asks the reason (kept with the refund and
 * in the audit log), and shows the server's refusal in place (spent tokens, paid-out earnings, the
 * gateway's words) so the operator reads it before deciding what to do. One key per dialog: a
 * double click or a retry after a lost answer refunds once.
 */
export function RefundDialog({ title, consequence, okText, onRefund, onDone, onCancel }: Props) {
  const [key] = useState(newIdempotencyKey);
  return (
    <ReasonDialog
      open
      title={title}
      okText={okText}
      danger
      label="Reason (kept with the refund and in the audit log)"
      fieldId="refund-reason"
      maxLength={REFUND_REASON_MAX}
      missingText="Give a reason for the refund"
      onSubmit={async (reason) => {
        await onRefund(reason, key);
        onDone();
      }}
      onCancel={onCancel}
    >
      <Typography.Paragraph>{consequence}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">A refund cannot be undone.</Typography.Paragraph>
    </ReasonDialog>
  );
}
