import { useState } from 'react';
import { Form, Input, Typography } from 'antd';
import { SUSPENSION_REASON_MAX, type AdminUser } from '@/common/contract/admin-users';
import { ReasonDialog } from '@/client/components/reason-dialog';
import { fieldProblem } from '@/client/components/server-errors';
import { toast } from '@/client/lib/toast';
import { setUserStatus } from '../admin-users.api';

interface Props {
  user: Pick<AdminUser, '_id' | 'name' | 'username' | 'role'>;
  open: boolean;
  onClose: () => void;
  /** After the suspension was saved (reload the account). */
  onDone: () => unknown;
}

/** `datetime-local` text (the browser's time zone) → ISO, or null when empty or not a date. */
const toIso = (local: string) => {
  const d = new Date(local);
  return local && !Number.isNaN(d.getTime()) ? d.toISOString() : null;
};

/**
 * Suspend an account: a reason (required; the person is emailed it and sees it when signing in)
 * and an optional end. Says what happens before anyone presses the button.
 */
export function SuspendDialog({ user, open, onClose, onDone }: Props) {
  const [until, setUntil] = useState('');
  const [untilError, setUntilError] = useState<string | undefined>();
  const who = user.name || user.username || 'this account';

  const close = () => {
    setUntil('');
    setUntilError(undefined);
    onClose();
  };

  const suspend = async (reason: string) => {
    const end = until ? toIso(until) : null;
    if (until && (!end || new Date(end).getTime() <= Date.now())) {
      setUntilError('The end must be in the future');
      return false;
    }
    setUntilError(undefined);
    try {
      await setUserStatus(user._id, { status: 'suspended', reason, until: end });
    } catch (err) {
      setUntilError(fieldProblem(err, 'until'));
      throw err;
    }
    toast.success(`${who} is suspended`);
    close();
    await onDone();
  };

  return (
    <ReasonDialog
      open={open}
      title={`Suspend ${who}?`}
      okText="Suspend"
      danger
      label="Reason (they see it)"
      fieldId="suspend-reason"
      ariaLabel="Reason"
      maxLength={SUSPENSION_REASON_MAX}
      onSubmit={suspend}
      onCancel={close}
      more={(
        <Form.Item
          label="Ends (optional)"
          validateStatus={untilError ? 'error' : undefined}
          help={untilError ?? 'Leave empty to suspend until you reactivate them. Your time zone.'}
        >
          <Input type="datetime-local" aria-label="Ends" value={until} onChange={(e) => setUntil(e.target.value)} />
        </Form.Item>
      )}
    >
      <Typography.Paragraph>
        Suspending signs them out everywhere, they cannot sign in, their page is hidden
        {user.role === 'performer' ? ' with all their content, and nobody can pay them' : ''}. They are emailed the reason.
      </Typography.Paragraph>
    </ReasonDialog>
  );
}
