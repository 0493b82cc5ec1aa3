import { Typography } from 'antd';
import { WARNING_REASON_MAX, type AdminUser } from '@/common/contract/admin-users';
import { ReasonDialog } from '@/client/components/reason-dialog';
import { toast } from '@/client/lib/toast';
import { warnUser } from '../admin-users.api';

interface Props {
  user: Pick<AdminUser, '_id' | 'name' | 'username'>;
  open: boolean;
  onClose: () => void;
  onDone: () => unknown;
}

/** Warn an account: the reason is emailed to the person and shown on their account page. */
export function WarnDialog({ user, open, onClose, onDone }: Props) {
  const who = user.name || user.username || 'this account';

  const warn = async (reason: string) => {
    await warnUser(user._id, reason);
    toast.success(`${who} was warned`);
    onClose();
    await onDone();
  };

  return (
    <ReasonDialog
      open={open}
      title={`Warn ${who}?`}
      okText="Send warning"
      label="Warning (they see it)"
      fieldId="warn-reason"
      ariaLabel="Warning"
      maxLength={WARNING_REASON_MAX}
      onSubmit={warn}
      onCancel={onClose}
    >
      <Typography.Paragraph>
        They are emailed this warning and see it under &quot;Notices from the operators&quot; on their account page. Nothing else changes.
      </Typography.Paragraph>
    </ReasonDialog>
  );
}
