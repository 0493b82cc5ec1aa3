import { Typography } from 'antd';
import { VERIFICATION_REASON_MAX } from '@/common/constants/verification';
import { ReasonDialog } from '@/client/components/reason-dialog';

interface Props {
  /** The creator being rejected; null keeps the dialog closed. */
  creatorName: string | null;
  /** Sends the rejection; answers whether it was saved (a refusal is toasted by the caller). */
  onReject: (reason: string) => Promise<boolean>;
  onCancel: () => void;
}

/** Rejecting needs a reason: the creator is emailed it and sees it on their account page. */
export function RejectDialog({ creatorName, onReject, onCancel }: Props) {
  return (
    <ReasonDialog
      open={creatorName !== null}
      title={creatorName ? `Reject ${creatorName}'s documents?` : ''}
      okText="Reject documents"
      danger
      label="Reason"
      fieldId="reject-reason"
      maxLength={VERIFICATION_REASON_MAX}
      placeholder="e.g. The document photo is blurred: the name and date of birth cannot be read."
      onSubmit={onReject}
      onCancel={onCancel}
    >
      <Typography.Paragraph>
        The creator is emailed this reason and sees it on their account page, where they can upload new documents. While
        the site requires verification, they cannot be paid and are not listed until new documents are approved.
      </Typography.Paragraph>
    </ReasonDialog>
  );
}
