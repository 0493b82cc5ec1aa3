import { Typography } from 'antd';
import { HIDE_REASON_MAX, type AdminContentItem } from '@/common/contract/admin-content';
import { ReasonDialog } from '@/client/components/reason-dialog';
import { hideContent } from '../moderation.api';

const NOUN = { feed: 'post', video: 'video', gallery: 'gallery', product: 'product', comment: 'comment' } as const;

export interface HideContentDialogProps {
  item: AdminContentItem | null;
  onClose: () => void;
  onHidden: () => void;
}

/** Hiding one item: the reason is required, says who is told, and what hiding does. */
export function HideContentDialog({ item, onClose, onHidden }: HideContentDialogProps) {
  const noun = item ? NOUN[item.type] : 'item';
  const author = item?.type === 'comment' ? 'its author' : 'its creator';

  const hide = async (reason: string) => {
    if (!item) return false;
    await hideContent(item.type, item._id, reason);
    onHidden();
  };

  return (
    <ReasonDialog
      open={Boolean(item)}
      title={`Hide this ${noun}?`}
      okText="Hide"
      danger
      label={`Reason (${author} is told it)`}
      fieldId="hide-reason"
      maxLength={HIDE_REASON_MAX}
      onSubmit={hide}
      onCancel={onClose}
    >
      {item ? (
        <>
          <Typography.Paragraph>
            <Typography.Text strong>{item.title}</Typography.Text>
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary">
            Only {author} and operators will see it: everyone else gets &quot;not found&quot;
            {item.type === 'comment' ? '' : ', and nobody can buy, like or comment on it'}. {author[0].toUpperCase() + author.slice(1)} is emailed your reason.
          </Typography.Paragraph>
        </>
      ) : null}
    </ReasonDialog>
  );
}
