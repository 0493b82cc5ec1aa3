import { Button, Descriptions, Drawer, Flex, Typography, type DescriptionsProps } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import type { ContactMessage, ContactStatus } from '@/common/contract/contact';
import { LinkButton } from '@/client/components/link-button';
import { formatDate } from '@/client/lib/format-date';
import { replyHref } from './contact-inbox.api';
import { ContactStatusTag } from './contact-status-tag';

function details(message: ContactMessage): DescriptionsProps['items'] {
  const items: DescriptionsProps['items'] = [
    {
      key: 'from', label: 'From',
      children: (
        <Flex vertical>
          <Typography.Text strong>{message.name}</Typography.Text>
          <Typography.Link href={`mailto:${message.email}`} style={{ overflowWrap: 'anywhere' }}>{message.email}</Typography.Link>
        </Flex>
      ),
    },
    {
      key: 'account', label: 'Account',
      children: message.userId ? (
        <LinkButton size="small" type="link" style={{ padding: 0 }} href={`/admin/users/${message.userId}`}>
          {message.username ? `@${message.username}` : 'Open the account'}
        </LinkButton>
      ) : (
        <Typography.Text type="secondary">Not signed in</Typography.Text>
      ),
    },
    { key: 'received', label: 'Received', children: formatDate(message.createdAt, { withTime: true }) },
    {
      key: 'status', label: 'Status',
      children: (
        <Flex gap={8} wrap align="center">
          <ContactStatusTag status={message.status} />
          {message.repliedAt ? <Typography.Text type="secondary">replied {formatDate(message.repliedAt, { withTime: true })}</Typography.Text> : null}
        </Flex>
      ),
    },
  ];
  if (message.ip) items.push({ key: 'ip', label: 'IP address', children: message.ip });
  return items;
}

interface Props {
  message: ContactMessage | null;
  onClose: () => void;
  /** Sets the inbox state; `busy` names the state being set. */
  onStatus: (status: ContactStatus) => void;
  busy: ContactStatus | null;
}

/**
 * One contact message: who wrote (and their account, when they were signed in), the text as
 * written, and the inbox actions. "Reply by email" opens the operator's mail program on a reply
 * and marks the message replied.
 */
export function ContactMessageDrawer({ message, onClose, onStatus, busy }: Props) {
  return (
    <Drawer
      open={Boolean(message)}
      onClose={onClose}
      size="min(640px, 100vw)"
      title={message?.subject ?? ''}
      destroyOnHidden
      footer={message ? (
        <Flex gap={8} wrap justify="flex-end">
          {message.status !== 'new' ? (
            <Button onClick={() => onStatus('new')} loading={busy === 'new'}>Mark unread</Button>
          ) : null}
          {message.status === 'replied' ? (
            <Button onClick={() => onStatus('read')} loading={busy === 'read'}>Mark not replied</Button>
          ) : (
            <Button onClick={() => onStatus('replied')} loading={busy === 'replied'}>Mark replied</Button>
          )}
          <Button type="primary" icon={<MailOutlined />} href={replyHref(message)} onClick={() => message.status !== 'replied' && onStatus('replied')}>
            Reply by email
          </Button>
        </Flex>
      ) : null}
    >
      {message ? (
        <Flex vertical gap={16}>
          <Descriptions column={1} size="small" bordered items={details(message)} />
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 }}>{message.message}</Typography.Paragraph>
        </Flex>
      ) : null}
    </Drawer>
  );
}
