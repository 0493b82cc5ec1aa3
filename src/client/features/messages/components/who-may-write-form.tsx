import { useState } from 'react';
import { Alert, Button, Card, Flex, Radio, Skeleton, Typography } from 'antd';
import { messageRoutes, type MessageWritePolicy } from '@/common/contract/messaging';
import { ListError } from '@/client/components/list-error';
import { useRouteData } from '@/client/hooks/use-route-data';
import { callRoute } from '@/client/lib/call-route';
import { GENERIC_UPDATE_ERROR, getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';

const CHOICES: { value: MessageWritePolicy; label: string; help: string }[] = [
  { value: 'followers', label: 'Followers and subscribers', help: 'Anyone who follows or subscribes to you can start a conversation.' },
  { value: 'subscribers', label: 'Subscribers only', help: 'Only fans with an active subscription can start a conversation.' },
];

/**
 * "Who can message me" (`GET/PUT /messages/settings`): followers (and subscribers) or subscribers
 * only. It decides who may *start* writing: a fan who already wrote can always be answered, and a
 * block stops everything either way.
 */
export function WhoMayWriteForm() {
  const { data, error, mutate } = useRouteData(messageRoutes.settings, {});
  const saved = data?.data.whoMayWrite;
  const [draft, setDraft] = useState<MessageWritePolicy | undefined>();
  const [saving, setSaving] = useState(false);
  const value = draft ?? saved;

  const save = async () => {
    if (!value) return;
    setSaving(true);
    try {
      const res = await callRoute(messageRoutes.updateSettings, { body: { whoMayWrite: value } });
      await mutate(res, { revalidate: false });
      setDraft(undefined);
      toast.success('Changes saved');
    } catch (err) {
      toast.error(getErrorMessage(err, GENERIC_UPDATE_ERROR));
    } finally {
      setSaving(false);
    }
  };

  let body;
  if (error && !data) body = <ListError error={error} onRetry={() => void mutate()} title="We could not load your message settings" />;
  else if (!data) body = <Skeleton active title={false} paragraph={{ rows: 3 }} />;
  else {
    body = (
      <Flex vertical gap={16} align="flex-start">
        <Radio.Group value={value} onChange={(e) => setDraft(e.target.value as MessageWritePolicy)} aria-label="Who can message me">
          <Flex vertical gap={12}>
            {CHOICES.map((c) => (
              <Radio key={c.value} value={c.value}>
                <Typography.Text strong>{c.label}</Typography.Text>
                <br />
                <Typography.Text type="secondary">{c.help}</Typography.Text>
              </Radio>
            ))}
          </Flex>
        </Radio.Group>
        <Alert type="info" showIcon title="You can always answer a fan who wrote to you, and people you blocked can never write." />
        <Button type="primary" onClick={() => void save()} loading={saving} disabled={!draft || draft === saved}>
          Save
        </Button>
      </Flex>
    );
  }

  return (
    <Card title="Who can message me">
      {body}
    </Card>
  );
}
