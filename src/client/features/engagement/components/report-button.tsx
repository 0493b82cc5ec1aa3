import { useState } from 'react';
import { Button, Input, Modal, Radio, Space, Typography } from 'antd';
import { FlagOutlined } from '@ant-design/icons';
import {
  REPORT_REASON_OPTIONS, REPORT_TEXT_MAX, type ReportReason, type ReportTargetType,
} from '@/common/contract/reports';
import { useAppSelector } from '@/client/store/hooks';
import { getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { useLoginRedirect } from '@/client/hooks/use-login-redirect';
import { sendReport } from '../engagement.api';

export interface ReportButtonProps {
  targetType: ReportTargetType;
  targetId: string;
  /** `link`: a small text action (under comments); `button`: an icon button (item and profile headers). */
  variant?: 'button' | 'link';
}

/**
 * Opens the report form: a reason from the contract's list and an optional note. Success says
 * 'Report sent'; a refusal shows the server's message ("You already reported this" closes the
 * form, since there is nothing left to send).
 */
export function ReportButton({ targetType, targetId, variant = 'button' }: ReportButtonProps) {
  const loggedIn = useAppSelector((s) => s.auth.loggedIn);
  const goToLogin = useLoginRedirect();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);

  const close = () => {
    setOpen(false);
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

  const openForm = () => (loggedIn ? setOpen(true) : goToLogin());

  return (
    <>
      {variant === 'link' ? (
        <Button type="link" size="small" onClick={openForm}>Report</Button>
      ) : (
        <Button icon={<FlagOutlined />} aria-label="Report" onClick={openForm} />
      )}
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
    </>
  );
}
