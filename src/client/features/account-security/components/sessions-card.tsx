import { useState } from 'react';
import { Button, Card, Empty, List, Popconfirm, Tag, Typography } from 'antd';
import { DesktopOutlined, LogoutOutlined } from '@ant-design/icons';
import type { SessionItem } from '@/common/contract/account-security';
import { ListError } from '@/client/components/list-error';
import { getErrorMessage } from '@/client/lib/error-message';
import { formatDate, formatRelative } from '@/client/lib/format-date';
import { toast } from '@/client/lib/toast';
import { revokeOtherSessions, revokeSession } from '../account-security.api';
import { useSessions } from '../use-sessions';

/** Where the account is signed in: this device first-class, any other one can be signed out. */
export function SessionsCard() {
  const { data, error, mutate } = useSessions();
  const [busy, setBusy] = useState<string | null>(null);
  const sessions = data?.data.data;
  const others = sessions?.filter((s) => !s.current).length ?? 0;

  const act = async (key: string, action: () => Promise<unknown>, done: string) => {
    setBusy(key);
    try {
      await action();
      toast.success(done);
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setBusy(null);
      await mutate();
    }
  };

  let body;
  if (error && !sessions) body = <ListError error={error} onRetry={() => void mutate()} title="We could not load your devices" />;
  else if (!sessions) body = <Card loading variant="borderless" />;
  else if (!sessions.length) body = <Empty description="No signed-in devices" />;
  else {
    body = (
      <section aria-label="Signed-in devices">
        <List<SessionItem>
          dataSource={sessions}
          renderItem={(s) => (
            <List.Item
              data-testid="session-item"
              actions={
                s.current
                  ? []
                  : [
                      <Popconfirm
                        key="out"
                        title="Sign this device out?"
                        description="It will need the password (and code) to sign in again."
                        okText="Sign out"
                        okButtonProps={{ danger: true }}
                        cancelText="Cancel"
                        onConfirm={() => act(s.id, () => revokeSession(s.id), 'Device signed out')}
                      >
                        <Button size="small" danger icon={<LogoutOutlined />} loading={busy === s.id} aria-label={`Sign out ${s.device}`}>
                          Sign out
                        </Button>
                      </Popconfirm>,
                    ]
              }
            >
              <List.Item.Meta
                avatar={<DesktopOutlined style={{ fontSize: 20 }} />}
                title={
                  <>
                    {s.device} {s.current ? <Tag color="green">This device</Tag> : null}
                  </>
                }
                description={
                  <>
                    <div>IP {s.ip ?? 'unknown'}</div>
                    <Typography.Text type="secondary">
                      Signed in {formatDate(s.createdAt, { withTime: true })} · last seen {formatRelative(s.lastSeenAt)}
                    </Typography.Text>
                  </>
                }
              />
            </List.Item>
          )}
        />
      </section>
    );
  }

  // Below the list, not in the card's header: on a phone a header button squeezes the title out.
  const signOutOthers =
    others > 0 ? (
      <div style={{ marginTop: 16 }}>
        <Popconfirm
          title="Sign out every other device?"
          description={`${others} other device${others === 1 ? '' : 's'} will be signed out at once. This one stays signed in.`}
          okText="Sign out others"
          okButtonProps={{ danger: true }}
          cancelText="Cancel"
          onConfirm={() => act('others', revokeOtherSessions, 'Other devices signed out')}
        >
          <Button danger loading={busy === 'others'}>Sign out all other devices</Button>
        </Popconfirm>
      </div>
    ) : null;

  return (
    <Card title="Where you are signed in">
      {body}
      {signOutOthers}
    </Card>
  );
}
