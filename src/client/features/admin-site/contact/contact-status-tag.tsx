import { Tag } from 'antd';
import type { ContactStatus } from '@/common/contract/contact';

export const CONTACT_STATUS_LABELS: Record<ContactStatus, string> = { new: 'New', read: 'Read', replied: 'Replied' };
const COLORS: Record<ContactStatus, string | undefined> = { new: 'blue', read: undefined, replied: 'green' };

export function ContactStatusTag({ status }: { status: ContactStatus }) {
  return <Tag color={COLORS[status]}>{CONTACT_STATUS_LABELS[status]}</Tag>;
}
