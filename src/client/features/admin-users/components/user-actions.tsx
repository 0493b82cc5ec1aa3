import { useState } from 'react';
import { Button, Popconfirm, Tooltip } from 'antd';
import { AuditOutlined } from '@ant-design/icons';
import type { AdminUser } from '@/common/contract/admin-users';
import { LinkButton } from '@/client/components/link-button';
import { useRowAction } from '@/client/hooks/use-row-action';
import { setUserRole, setUserStatus } from '../admin-users.api';
import { SuspendDialog } from './suspend-dialog';
import { WarnDialog } from './warn-dialog';

interface Props {
  user: AdminUser;
  /** The operator looking at the page: nobody suspends, warns or demotes themself. */
  isSelf: boolean;
  reload: () => Promise<unknown>;
}

export const auditHref = (id: string) => `/admin/audit-log?targetType=user&targetId=${encodeURIComponent(id)}`;

/**
 * What an operator can do to the account, each saying what it does before it happens: suspend
 * (dialog with reason and end), reactivate, warn, give or take the operator role, and the
 * account's audit trail.
 */
export function UserActions({ user, isSelf, reload }: Props) {
  const [dialog, setDialog] = useState<'suspend' | 'warn' | null>(null);
  const { busy, run } = useRowAction(reload);
  const who = user.name || user.username || 'this account';
  const isOperator = user.role === 'admin';

  const suspend = user.status === 'suspended' ? (
    <Popconfirm
      title={`Reactivate ${who}?`}
      description="They can sign in again and their page returns. They are emailed."
      okText="Reactivate"
      cancelText="Cancel"
      onConfirm={() => run('status', () => setUserStatus(user._id, { status: 'active' }), `${who} is active again`)}
    >
      <Button type="primary" loading={busy === 'status'}>Reactivate</Button>
    </Popconfirm>
  ) : isOperator ? (
    <Tooltip title="Operators cannot be suspended: remove their operator role first">
      <Button danger disabled>Suspend</Button>
    </Tooltip>
  ) : (
    <Button danger onClick={() => setDialog('suspend')}>Suspend</Button>
  );

  const role = isOperator ? (
    <Popconfirm
      title={`Remove ${who}'s operator role?`}
      description="They become a fan and lose the console at once."
      okText="Remove operator role"
      okButtonProps={{ danger: true }}
      cancelText="Cancel"
      onConfirm={() => run('role', () => setUserRole(user._id, 'user'), `${who} is no longer an operator`)}
    >
      <Button loading={busy === 'role'}>Remove operator role</Button>
    </Popconfirm>
  ) : user.role === 'user' && user.status === 'active' ? (
    <Popconfirm
      title={`Make ${who} an operator?`}
      description="They get the whole console: users, money, settings. Everything they do there is in the audit log."
      okText="Make operator"
      cancelText="Cancel"
      onConfirm={() => run('role', () => setUserRole(user._id, 'admin'), `${who} is an operator`)}
    >
      <Button loading={busy === 'role'}>Make operator</Button>
    </Popconfirm>
  ) : null;

  return (
    <>
      {isSelf ? null : suspend}
      {isSelf ? null : <Button onClick={() => setDialog('warn')}>Warn</Button>}
      {isSelf ? null : role}
      <LinkButton href={auditHref(user._id)} icon={<AuditOutlined />}>Audit log</LinkButton>
      <SuspendDialog user={user} open={dialog === 'suspend'} onClose={() => setDialog(null)} onDone={reload} />
      <WarnDialog user={user} open={dialog === 'warn'} onClose={() => setDialog(null)} onDone={reload} />
    </>
  );
}
