import { useEffect, useState } from 'react';
import { Button, Card, Flex, InputNumber, Skeleton, Switch, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import useSWR from 'swr';
import { PRIVATE_SHOW_MAX_PRICE, type PrivateShowSettings } from '@/common/contract/private-shows';
import { CHANGES_SAVED, getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { getPrivateShowSettings, updatePrivateShowSettings } from '../private-shows.api';

export const PRIVATE_SHOW_SETTINGS_KEY = '/private-shows/settings';

/** The creator takes private show requests at a price per show, or none. */
export function PrivateShowSettingsCard() {
  const { data, error, isLoading, mutate } = useSWR<PrivateShowSettings>(PRIVATE_SHOW_SETTINGS_KEY, () => getPrivateShowSettings().then((r) => r.data), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  const [enabled, setEnabled] = useState(false);
  const [price, setPrice] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!data) return;
    setEnabled(data.enabled);
    setPrice(data.price);
  }, [data]);

  const save = async () => {
    if (enabled && !(price && price > 0)) {
      setProblem('Set a price per show');
      return;
    }
    setProblem(null);
    setSaving(true);
    try {
      const res = await updatePrivateShowSettings(enabled ? { enabled, price: price! } : { enabled: false });
      await mutate(res.data, { revalidate: false });
      toast.success(CHANGES_SAVED);
    } catch (err) {
      setProblem(getErrorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card size="small" title="Private shows">
      {error ? (
        <Flex vertical gap={8} align="flex-start">
          <Typography.Text type="danger">{getErrorMessage(error)}</Typography.Text>
          <Button icon={<ReloadOutlined />} onClick={() => void mutate()}>Try again</Button>
        </Flex>
      ) : isLoading || !data ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : (
        <Flex vertical gap={12}>
          <Flex gap={8} align="center">
            <Switch checked={enabled} onChange={setEnabled} aria-label="Take private show requests" />
            <Typography.Text>Take private show requests</Typography.Text>
          </Flex>
          {enabled ? (
            <label>
              <Typography.Text>Price per show (tokens)</Typography.Text>
              <InputNumber
                aria-label="Price per show"
                style={{ width: '100%' }}
                value={price}
                precision={2}
                step={1}
                onChange={(v) => setPrice(typeof v === 'number' ? v : null)}
                placeholder={`0.01 to ${PRIVATE_SHOW_MAX_PRICE}`}
              />
            </label>
          ) : null}
          {problem ? <Typography.Text type="danger" role="alert">{problem}</Typography.Text> : null}
          <Button type="primary" loading={saving} onClick={() => void save()}>Save</Button>
        </Flex>
      )}
    </Card>
  );
}
