import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { Flex, Segmented, Tooltip, Typography, type TableProps } from 'antd';
import { adminStatsRoutes } from '@/common/contract/admin-stats';
import { CONTACT_STATUSES, contactRoutes, type ContactMessage, type ContactStatus } from '@/common/contract/contact';
import { AdminPageHeader } from '@/client/components/admin-page-header';
import { ListPager } from '@/client/components/list-pager';
import { ResponsiveList } from '@/client/components/responsive-list';
import { QuerySearch } from '@/client/components/query-search';
import { useQueryList } from '@/client/hooks/use-query-list';
import { useRouteData } from '@/client/hooks/use-route-data';
import { getErrorMessage } from '@/client/lib/error-message';
import { formatDate, formatRelative } from '@/client/lib/format-date';
import { toast } from '@/client/lib/toast';
import { setContactStatus } from './contact-inbox.api';
import { ContactMessageDrawer } from './contact-message-drawer';
import { CONTACT_STATUS_LABELS, ContactStatusTag } from './contact-status-tag';

const MARKED: Record<ContactStatus, string> = { new: 'Marked unread', read: 'Marked read', replied: 'Marked replied' };

const ALL = 'all';

/**
 * /admin/contact-messages: what people sent through the contact page, newest first. Opening a
 * message marks it read; the drawer answers it by email and marks it replied, or unread again.
 * A table from 768 px (a row opens its message), a card per message on phones.
 */
export function ContactMessagesPage() {
  const list = useQueryList({ pageSize: 20 });
  const status = (CONTACT_STATUSES as readonly string[]).includes(list.filters.status ?? '') ? (list.filters.status as ContactStatus) : undefined;
  const q = list.filters.q?.slice(0, 100);
  const { data, error, mutate } = useRouteData(contactRoutes.adminList, {
    offset: list.params.offset, limit: list.params.limit, ...(status ? { status } : {}), ...(q ? { q } : {}),
  });
  const page = data?.data;
  // The open message is kept here, not looked up in the list: marking it read may move it out of a "New" filter.
  const [open, setOpen] = useState<ContactMessage | null>(null);
  const [busy, setBusy] = useState<ContactStatus | null>(null);
  const { mutate: revalidate } = useSWRConfig();

  const change = async (message: ContactMessage, next: ContactStatus, quiet = false) => {
    setBusy(next);
    try {
      const res = await setContactStatus(message._id, next);
      setOpen((current) => (current?._id === message._id ? res.data : current));
      if (!quiet) toast.success(MARKED[next]);
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setBusy(null);
      // The sidebar's count of new messages follows at once rather than at its next poll.
      void revalidate((key) => Array.isArray(key) && key[0] === adminStatsRoutes.queues.url);
      await mutate();
    }
  };

  const openMessage = (message: ContactMessage) => {
    setOpen(message);
    if (message.status === 'new') void change(message, 'read', true);
  };

  const columns: TableProps<ContactMessage>['columns'] = [
    { key: 'status', title: 'Status', render: (_, m) => <ContactStatusTag status={m.status} /> },
    {
      key: 'from', title: 'From',
      render: (_, m) => (
        <Flex vertical style={{ maxWidth: 240 }}>
          <Typography.Text strong={m.status === 'new'} ellipsis>{m.name}</Typography.Text>
          <Typography.Text type="secondary" ellipsis>{m.email}</Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'subject', title: 'Subject',
      render: (_, m) => (
        <Flex vertical style={{ maxWidth: 420 }}>
          <Typography.Link strong={m.status === 'new'} ellipsis onClick={(e) => { e.stopPropagation(); openMessage(m); }}>{m.subject}</Typography.Link>
          <Typography.Text type="secondary" ellipsis>{m.message}</Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'createdAt', title: 'Received', responsive: ['sm'],
      render: (_, m) => <Tooltip title={formatDate(m.createdAt, { withTime: true })}><span style={{ whiteSpace: 'nowrap' }}>{formatRelative(m.createdAt)}</span></Tooltip>,
    },
  ];

  const card = (m: ContactMessage) => (
    <Flex vertical gap={4} style={{ minWidth: 0 }}>
      <Flex justify="space-between" align="center" gap={8}>
        <ContactStatusTag status={m.status} />
        <Typography.Text type="secondary" title={formatDate(m.createdAt, { withTime: true })}>{formatRelative(m.createdAt)}</Typography.Text>
      </Flex>
      <Typography.Link strong={m.status === 'new'} onClick={() => openMessage(m)} style={{ overflowWrap: 'anywhere' }}>{m.subject}</Typography.Link>
      <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>{m.name} · {m.email}</Typography.Text>
      <Typography.Text type="secondary" ellipsis>{m.message}</Typography.Text>
    </Flex>
  );

  return (
    <Flex vertical gap={16}>
      <AdminPageHeader title="Contact messages" description="Messages sent through the contact page. Open one to read it and reply by email." />
      <Flex gap={8} wrap>
        <Segmented<string>
          aria-label="Status"
          value={status ?? ALL}
          onChange={(v) => list.setFilter({ status: v === ALL ? undefined : v })}
          options={[{ value: ALL, label: 'All' }, ...CONTACT_STATUSES.map((s) => ({ value: s, label: CONTACT_STATUS_LABELS[s] }))]}
        />
        <QuerySearch value={q} onSearch={(v) => list.setFilter({ q: v })} placeholder="Search name, email or text" label="Search messages" style={{ width: 280 }} />
      </Flex>
      <ResponsiveList<ContactMessage>
        items={page?.data}
        error={error}
        onRetry={() => void mutate()}
        rowKey="_id"
        label="Contact messages"
        columns={columns}
        tableProps={{ onRow: (m) => ({ onClick: () => openMessage(m), style: { cursor: 'pointer' } }) }}
        renderCard={card}
        cardLabel={(m) => m.subject}
        empty={status === 'new' ? 'No new messages.' : status || q ? 'No messages match.' : 'No messages yet.'}
      />
      {page ? <ListPager current={list.current} pageSize={list.pageSize} total={page.total} onChange={list.setPage} /> : null}
      <ContactMessageDrawer message={open} busy={busy} onClose={() => setOpen(null)} onStatus={(next) => open && void change(open, next)} />
    </Flex>
  );
}
