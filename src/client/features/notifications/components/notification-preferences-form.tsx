import { useState } from 'react';
import { Button, Card, Flex, Skeleton, Switch, Typography } from 'antd';
import {
  notificationRoutes,
  type NotificationChannel,
  type NotificationKind,
  type NotificationPreference,
} from '@/common/contract/notifications';
import { NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS_BY_ROLE } from '@/common/lib/notification-text';
import { ListError } from '@/client/components/list-error';
import { useRouteData } from '@/client/hooks/use-route-data';
import { CHANGES_SAVED, GENERIC_UPDATE_ERROR, getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { useAppSelector } from '@/client/store/hooks';
import { updatePreferences } from '../notifications.api';
import styles from './notifications.module.css';

type Draft = Partial<Record<NotificationKind, Partial<Record<NotificationChannel, boolean>>>>;

const CHANNEL_NAMES: Record<NotificationChannel, string> = { inApp: 'In the app', email: 'Email' };

/**
 * "Notifications" in the account settings (a card for fans, a tab of /creator/account): one row
 * per kind that can reach the person's role, two switches (in the app, email). Changes stay a
 * draft until Save, which sends only the kinds that changed (`PUT /notifications/preferences`).
 */
export function NotificationPreferencesForm() {
  const role = useAppSelector((s) => s.user.current.role);
  const { data, error, mutate } = useRouteData(notificationRoutes.preferences, {});
  const [draft, setDraft] = useState<Draft>({});
  const [saving, setSaving] = useState(false);

  const saved = new Map((data?.data.kinds ?? []).map((p) => [p.kind, p]));
  // The role's order (the server lists the same kinds); a kind the server did not send is left out.
  const rows = NOTIFICATION_KINDS_BY_ROLE[role].map((kind) => saved.get(kind)).filter((p): p is NotificationPreference => Boolean(p));
  const valueOf = (p: NotificationPreference, channel: NotificationChannel) => draft[p.kind]?.[channel] ?? p[channel];
  const changed = rows
    .map((p) => ({ kind: p.kind, inApp: valueOf(p, 'inApp'), email: valueOf(p, 'email') }))
    .filter((p) => p.inApp !== saved.get(p.kind)?.inApp || p.email !== saved.get(p.kind)?.email);

  const toggle = (kind: NotificationKind, channel: NotificationChannel, on: boolean) =>
    setDraft((d) => ({ ...d, [kind]: { ...d[kind], [channel]: on } }));

  const save = async () => {
    setSaving(true);
    try {
      const res = await updatePreferences({ kinds: changed });
      await mutate(res, { revalidate: false });
      setDraft({});
      toast.success(CHANGES_SAVED);
    } catch (err) {
      toast.error(getErrorMessage(err, GENERIC_UPDATE_ERROR));
    } finally {
      setSaving(false);
    }
  };

  let body;
  if (error && !data) body = <ListError error={error} onRetry={() => void mutate()} title="We could not load your notification settings" />;
  else if (!data) body = <Skeleton active title={false} paragraph={{ rows: 5 }} />;
  else if (!rows.length) body = <Typography.Text type="secondary">Your account gets no notifications.</Typography.Text>;
  else {
    body = (
      <Flex vertical gap={16} align="stretch">
        <Typography.Text type="secondary">
          Choose what reaches you in the app (the bell at the top of every page) and by email. Emails are sent only
          for what reaches you in the app.
        </Typography.Text>
        <div className={styles.prefGrid} role="table" aria-label="Notification settings">
          <div className={`${styles.prefRow} ${styles.prefHead}`} role="row">
            <span role="columnheader">Notify me about</span>
            <span role="columnheader" className={styles.prefSwitch}>{CHANNEL_NAMES.inApp}</span>
            <span role="columnheader" className={styles.prefSwitch}>{CHANNEL_NAMES.email}</span>
          </div>
          {rows.map((p) => {
            const label = NOTIFICATION_KIND_LABELS[p.kind];
            return (
              <div key={p.kind} className={styles.prefRow} role="row">
                <span role="rowheader">{label}</span>
                {(['inApp', 'email'] as const).map((channel) => {
                  // The server mails only what it also shows in the app: email waits (keeping its setting) while that is off.
                  const blocked = channel === 'email' && !valueOf(p, 'inApp');
                  return (
                    <span key={channel} role="cell" className={styles.prefSwitch}>
                      <Switch
                        size="small"
                        checked={!blocked && valueOf(p, channel)}
                        disabled={saving || blocked}
                        aria-label={`${label}: ${CHANNEL_NAMES[channel].toLowerCase()}`}
                        onChange={(on) => toggle(p.kind, channel, on)}
                      />
                    </span>
                  );
                })}
              </div>
            );
          })}
        </div>
        <div>
          <Button type="primary" onClick={() => void save()} loading={saving} disabled={!changed.length}>
            Save
          </Button>
        </div>
      </Flex>
    );
  }

  // The anchor the notification emails link to on the fan's account page (a creator's opens its tab).
  return <Card id="notifications" title="Notifications">{body}</Card>;
}
