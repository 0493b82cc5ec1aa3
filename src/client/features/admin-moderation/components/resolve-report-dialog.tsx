import { useState } from 'react';
import dynamic from 'next/dynamic';
import { Alert, Form, Input, Modal, Radio, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import {
  REPORT_ACTIONS_FOR, RESOLUTION_NOTE_MAX, RESOLUTION_REASON_MAX, type AdminReportDetail, type ReportAction,
} from '@/common/contract/reports';
import { getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { resolveReport } from '../moderation.api';
import { ACTION_LABELS, actionEffect } from '../moderation-labels';

// The date picker (and dayjs) load only when a suspension is being decided.
const SuspendUntilPicker = dynamic(() => import('./suspend-until-picker').then((m) => m.SuspendUntilPicker), { ssr: false });

/** Actions whose reason the author is told; it is required except for removing a comment. */
const REASON_REQUIRED: readonly ReportAction[] = ['hide', 'warn', 'suspend'];

export interface ResolveReportDialogProps {
  report: AdminReportDetail;
  open: boolean;
  onClose: () => void;
  onResolved: (detail: AdminReportDetail) => void;
}

/**
 * The decision on a report: only the actions that fit its target, each saying what it will do;
 * a reason for the author where one is told, an optional note for the operators, an end date for
 * a suspension. Every other open report on the same target is closed with it.
 */
export function ResolveReportDialog({ report, open, onClose, onResolved }: ResolveReportDialogProps) {
  const actions = REPORT_ACTIONS_FOR[report.targetType];
  const [action, setAction] = useState<ReportAction | null>(null);
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [until, setUntil] = useState<Dayjs | null>(null);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const needsReason = action !== null && REASON_REQUIRED.includes(action);
  const asksReason = needsReason || action === 'remove_comment';
  const ready = action !== null && (!needsReason || reason.trim().length > 0);
  const others = report.otherReports.length;

  const submit = async () => {
    if (!action || !ready) return;
    setSending(true);
    setProblem(null);
    try {
      const { data } = await resolveReport(report._id, {
        action,
        ...(asksReason && reason.trim() ? { reason: reason.trim() } : {}),
        ...(note.trim() ? { note: note.trim() } : {}),
        ...(action === 'suspend' && until ? { until: until.toISOString() } : {}),
      });
      toast.success(others ? `Report resolved, with ${others} other report${others === 1 ? '' : 's'} on it` : 'Report resolved');
      onResolved(data);
    } catch (err) {
      setProblem(getErrorMessage(err));
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open={open}
      title="Resolve the report"
      okText={action ? ACTION_LABELS[action] : 'Resolve'}
      okButtonProps={{ disabled: !ready, loading: sending, danger: action === 'suspend' || action === 'hide' || action === 'remove_comment' }}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label="Decision" required>
          <Radio.Group value={action} onChange={(e) => { setAction(e.target.value as ReportAction); setProblem(null); }} aria-label="Decision">
            <Space orientation="vertical">
              {actions.map((a) => (
                <Radio key={a} value={a}>
                  <Typography.Text strong>{ACTION_LABELS[a]}</Typography.Text>
                  <br />
                  <Typography.Text type="secondary">{actionEffect(a, report.targetType)}</Typography.Text>
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </Form.Item>
        {asksReason ? (
          <Form.Item
            label={needsReason ? 'Reason (the author is told it)' : 'Reason (optional; the author is told it)'}
            required={needsReason}
            htmlFor="resolve-reason"
          >
            <Input.TextArea id="resolve-reason" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={RESOLUTION_REASON_MAX} showCount autoSize={{ minRows: 2 }} />
          </Form.Item>
        ) : null}
        {action === 'suspend' ? (
          <Form.Item label="Suspended until" extra="Leave empty to suspend until an operator lifts it." htmlFor="resolve-until">
            <SuspendUntilPicker id="resolve-until" value={until} onChange={setUntil} />
          </Form.Item>
        ) : null}
        <Form.Item label="Note for the operators (optional)" htmlFor="resolve-note">
          <Input.TextArea id="resolve-note" value={note} onChange={(e) => setNote(e.target.value)} maxLength={RESOLUTION_NOTE_MAX} autoSize={{ minRows: 2 }} />
        </Form.Item>
        {others ? (
          <Alert type="info" showIcon message={`This also closes the ${others} other open report${others === 1 ? '' : 's'} on the same ${report.targetType === 'performer' ? 'creator' : 'item'}, with the same decision.`} />
        ) : null}
        {problem ? <Alert type="error" showIcon message={problem} style={{ marginTop: 12 }} /> : null}
      </Form>
    </Modal>
  );
}
