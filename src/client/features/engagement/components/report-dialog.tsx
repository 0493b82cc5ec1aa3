import { useState } from 'react';
import { Input, Modal, Radio, Space, Typography } from 'antd';
import {
  REPORT_REASON_OPTIONS, REPORT_TEXT_MAX, type ReportReason, type ReportTargetType,
} from '@/common/contract/reports';
import { getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { sendReport } from '../engagement.api';

export interface ReportDialogProps {
  targetType: ReportTargetType;
  targetId: string;
  open: boolean;
  onClose: () => void;
}

/**
 * The report form: a reason from the contract's list and an optional note. Success says
 * 'Report sent'; a refusal shows the server's message ("You already reported this" closes the
 * form, since there is nothing left to send). Closing empties it.
 */
export function ReportDialog({ targetType, targetId, open, onClose }: ReportDialogProps) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);

  const close = () => {
    onClose();
    setReason(null);
    setText('');
  };

  const submit = async () => {
    if (!reason) return;
    setSending(true);
    try {
      await sendReport({ targetType, targetId, reason, ...(text.trim() ? { text: text.trim() } : {}) });
      toast.success('Report sent');
      close();
    } catch (err) {
      toast.error(getErrorMessage(err));
      if ((err as { statusCode?: number } | null)?.statusCode === 409) close();
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open={open}
      title="Report"
      okText="Send report"
      onOk={submit}
      onCancel={close}
      confirmLoading={sending}
      okButtonProps={{ disabled: !reason }}
      destroyOnHidden
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Text type="secondary">
          Tell us what is wrong. Reports are confidential and read by our team.
        </Typography.Text>
        <Radio.Group
          aria-label="Reason"
          value={reason}
          onChange={(e) => setReason(e.target.value as ReportReason)}
          options={REPORT_REASON_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
          style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
        />
        <Input.TextArea
          aria-label="Details (optional)"
          placeholder="Details (optional)"
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={REPORT_TEXT_MAX}
          showCount
          autoSize={{ minRows: 3, maxRows: 6 }}
        />
      </Space>
    </Modal>
  );
}
