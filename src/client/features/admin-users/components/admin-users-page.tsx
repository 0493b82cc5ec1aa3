import Link from 'next/link';
import { Avatar, Button, Flex, Select, Typography, type TableProps } from 'antd';
import type { AdminUser } from '@/common/contract/admin-users';
import { AdminPageHeader } from '@/client/components/admin-page-header';
import { ListPager } from '@/client/components/list-pager';
import { ResponsiveList } from '@/client/components/responsive-list';
import { tableSort } from '@/client/components/table-sort';
import { QuerySearch } from '@/client/components/query-search';
import { formatDate } from '@/client/lib/format-date';
import { useAdminUsers } from '../use-admin-users';
import { ROLE_LABELS, STATUS_LABELS, UserTags } from './user-tags';
import { formatCount } from '@/client/lib/format-amount';

const ROLE_OPTIONS = [{ value: '', label: 'All roles' }, ...Object.entries(ROLE_LABELS).map(([value, label]) => ({ value, label: `${label}s` }))];
const STATUS_OPTIONS = [{ value: '', label: 'All statuses' }, ...Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label }))];

export const userHref = (u: Pick<AdminUser, '_id'>) => `/admin/users/${u._id}`;

function Who({ user }: { user: AdminUser }) {
  return (
    <Flex gap={8} align="center" style={{ minWidth: 0 }}>
      <Avatar src={user.avatar || undefined} alt="" size="small" />
      <Flex vertical style={{ minWidth: 0 }}>
        <Link href={userHref(user)} style={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{user.name || user.username || 'No name'}</Link>
        {user.username ? <Typography.Text type="secondary">@{user.username}</Typography.Text> : null}
      </Flex>
    </Flex>
  );
}

/**
 * /admin/users: every account, searched by name, username or email and filtered by role and
 * status (all in the query string). A table from 768 px, a compact list of cards on phones.
 */
export function AdminUsersPage() {
  const { list, filters, page, error, mutate } = useAdminUsers();
  const filtered = Boolean(filters.q || filters.role || filters.status);

  const sort = tableSort<AdminUser>(list);
  const columns: TableProps<AdminUser>['columns'] = [
    { key: 'name', title: 'Name', sorter: true, sortOrder: sort.sortOrder('name'), render: (_, u) => <Who user={u} /> },
    { key: 'email', title: 'Email', render: (_, u) => u.email ?? <Typography.Text type="secondary">None</Typography.Text> },
    { key: 'tags', title: 'Role and status', render: (_, u) => <Flex gap={4} wrap><UserTags user={u} /></Flex> },
    { key: 'createdAt', title: 'Joined', sorter: true, sortOrder: sort.sortOrder('createdAt'), render: (_, u) => formatDate(u.createdAt) },
  ];
  const card = (u: AdminUser) => (
    <Flex vertical gap={6}>
      <Who user={u} />
      {u.email ? <Typography.Text style={{ overflowWrap: 'anywhere' }}>{u.email}</Typography.Text> : null}
      <Flex gap={4} wrap align="center">
        <UserTags user={u} />
        <Typography.Text type="secondary">Joined {formatDate(u.createdAt)}</Typography.Text>
      </Flex>
    </Flex>
  );

  return (
    <Flex vertical gap={16}>
      <AdminPageHeader title="Users" description="Every account: find someone, see what they did, suspend or reactivate them, manage operators." />
      <Flex gap={8} wrap>
        <QuerySearch
          value={filters.q}
          onSearch={(q) => list.setFilter({ q })}
          placeholder="Name, username or email"
          label="Search users"
          style={{ maxWidth: 320 }}
        />
        <Select aria-label="Role" style={{ width: 150 }} value={filters.role ?? ''} onChange={(role) => list.setFilter({ role })} options={ROLE_OPTIONS} />
        <Select aria-label="Status" style={{ width: 150 }} value={filters.status ?? ''} onChange={(status) => list.setFilter({ status })} options={STATUS_OPTIONS} />
        {filtered ? <Button onClick={() => list.setFilter({ q: undefined, role: undefined, status: undefined })}>Clear filters</Button> : null}
      </Flex>
      {page ? <Typography.Text type="secondary">{formatCount(page.total)} {page.total === 1 ? 'account' : 'accounts'}</Typography.Text> : null}
      <ResponsiveList<AdminUser>
        items={page?.data}
        error={error}
        onRetry={() => void mutate()}
        rowKey="_id"
        label="Users"
        columns={columns}
        onTableChange={sort.onChange}
        renderCard={card}
        cardLabel={(u) => u.name || u.username || u._id}
        empty={filtered ? 'No account matches these filters.' : 'No accounts yet.'}
      />
      {page ? <ListPager current={list.current} pageSize={list.pageSize} total={page.total} onChange={list.setPage} /> : null}
    </Flex>
  );
}
