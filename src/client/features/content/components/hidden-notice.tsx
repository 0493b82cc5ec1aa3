import { Alert, Tag } from 'antd';
import { EyeInvisibleOutlined } from '@ant-design/icons';

/** What an item or comment carries about the moderators' decision (contract ContentModerationFields). */
export interface Moderated {
  isHidden: boolean;
  hiddenReason: string | null;
}

/** The words a creator reads on their hidden item. */
export const hiddenText = (item: Moderated) =>
  item.hiddenReason ? `Hidden by the moderators: ${item.hiddenReason}` : 'Hidden by the moderators';

/**
 * The tag on a creator's own list row of an item the operators hid. Only the creator and
 * operators ever receive a hidden item, so nobody else can meet it. Renders nothing otherwise.
 */
export function HiddenTag({ item }: { item: Moderated }) {
  if (!item.isHidden) return null;
  return (
    <Tag color="error" icon={<EyeInvisibleOutlined />} style={{ whiteSpace: 'normal', maxWidth: '100%' }} data-testid="hidden-tag">
      {hiddenText(item)}
    </Tag>
  );
}

/** The notice at the top of a hidden item's page, for its creator (and operators). */
export function HiddenAlert({ item, noun }: { item: Moderated; noun: string }) {
  if (!item.isHidden) return null;
  return (
    <Alert
      type="error"
      showIcon
      icon={<EyeInvisibleOutlined />}
      message={hiddenText(item)}
      description={`Nobody but you can see this ${noun}: fans get "not found", and it cannot be bought, liked or commented on. If you think this is a mistake, write to us through the contact page.`}
      style={{ marginBottom: 16 }}
    />
  );
}
