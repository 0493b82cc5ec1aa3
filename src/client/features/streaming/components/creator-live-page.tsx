import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { Alert, Button, Card, Empty, Flex, Form, Input, InputNumber, Popconfirm, Radio, Result, Skeleton, Space, Typography } from 'antd';
import { ClockCircleOutlined, EyeOutlined, ReloadOutlined, VideoCameraOutlined } from '@ant-design/icons';
import {
  STREAM_DESCRIPTION_MAX,
  STREAM_MAX_PRICE,
  STREAM_TITLE_MAX,
  type MyStreaming,
  type Stream,
  type StreamSettings,
} from '@/common/contract/streaming';
import { CHANGES_SAVED, getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { useAppDispatch } from '@/client/store/hooks';
import * as api from '../streaming.api';
import { formatDuration } from '../format-duration';
import { resetStreamMessages, streamMessagesCleared } from '../stream-message.slice';
import { useElapsed } from '../use-elapsed';
import { useHeartbeat } from '../use-heartbeat';
import { useStreamRoom } from '../use-stream-room';
import { LIVE_OFF } from './live-list-page';
import { LiveVideoLoader } from './live-video-loader';
import { LiveTag, StreamAccessTag } from './stream-access-tag';
import { StreamChat } from './stream-chat';
import { PrivateShowsLink } from '@/client/features/private-shows/components/private-shows-link';
import styles from './streaming.module.css';

export const ME_KEY = '/streaming/me';

const ACCESS_OPTIONS = [
  { value: 'free', label: 'Free' },
  { value: 'subscribers', label: 'Subscribers' },
  { value: 'sale', label: 'Paid' },
];

/** Title, description, access and (for Paid) the ticket price: the creator's stream defaults. */
function SettingsForm({ settings, busy, onSave, onGoLive }: {
  settings: StreamSettings;
  busy: 'save' | 'live' | null;
  onSave: (v: StreamSettings) => void;
  onGoLive: (v: StreamSettings) => void;
}) {
  const [form] = Form.useForm<StreamSettings>();
  const access = Form.useWatch('access', form) ?? settings.access;
  const values = (): Promise<StreamSettings> =>
    form.validateFields().then((v) => ({ ...v, description: v.description ?? '', price: v.access === 'sale' ? Number(v.price) : 0 }));
  return (
    <Form form={form} layout="vertical" initialValues={settings} requiredMark={false}>
      <Form.Item name="title" label="Title" rules={[{ max: STREAM_TITLE_MAX, message: `At most ${STREAM_TITLE_MAX} characters` }]}>
        <Input placeholder="What is this stream about?" />
      </Form.Item>
      <Form.Item name="description" label="Description" rules={[{ max: STREAM_DESCRIPTION_MAX, message: `At most ${STREAM_DESCRIPTION_MAX} characters` }]}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} />
      </Form.Item>
      <Form.Item name="access" label="Who can watch">
        <Radio.Group options={ACCESS_OPTIONS} optionType="button" />
      </Form.Item>
      {access === 'sale' ? (
        <Form.Item
          name="price"
          label="Ticket price (tokens)"
          rules={[
            { required: true, message: 'Enter the ticket price' },
            { type: 'number', min: 0.01, max: STREAM_MAX_PRICE, message: `Between 0.01 and ${STREAM_MAX_PRICE} tokens` },
          ]}
        >
          <InputNumber min={0} max={STREAM_MAX_PRICE} step={1} precision={2} style={{ width: 160 }} />
        </Form.Item>
      ) : null}
      <Space wrap>
        <Button loading={busy === 'save'} onClick={() => void values().then(onSave, () => undefined)}>
          Save settings
        </Button>
        <Button type="primary" danger icon={<VideoCameraOutlined />} loading={busy === 'live'} onClick={() => void values().then(onGoLive, () => undefined)}>
          Go live
        </Button>
      </Space>
    </Form>
  );
}

/** The running stream: stats, title edit, chat moderation and End stream. */
function LivePanel({ stream, onChange }: { stream: Stream; onChange: (s: Stream | null) => void }) {
  const dispatch = useAppDispatch();
  const room = useStreamRoom(stream._id);
  const elapsed = useElapsed(stream.startedAt, true);
  const [busy, setBusy] = useState<'title' | 'chat' | 'clear' | 'end' | null>(null);
  const [title, setTitle] = useState(stream.title);
  const current = room.update && room.update._id === stream._id ? { ...stream, ...room.update } : stream;

  useHeartbeat(stream, (s) => onChange(s.isStreaming ? s : null));
  useEffect(() => {
    if (room.update && !room.update.isStreaming) onChange(null);
  }, [room.update, onChange]);
  useEffect(() => () => void dispatch(resetStreamMessages()), [dispatch]);

  const act = async (what: NonNullable<typeof busy>, work: () => Promise<void>) => {
    setBusy(what);
    try {
      await work();
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setBusy(null);
    }
  };

  const moderation = (
    <Space size={4} wrap>
      <Popconfirm title="Clear the whole chat?" okText="Clear" onConfirm={() => act('clear', async () => {
        await api.clearStreamChat(stream.conversationId);
        dispatch(streamMessagesCleared({ conversationId: stream.conversationId }));
      })}>
        <Button size="small" loading={busy === 'clear'}>Clear chat</Button>
      </Popconfirm>
      <Button size="small" loading={busy === 'chat'} onClick={() => act('chat', async () => {
        const res = await api.setChatClosed(stream.conversationId, !current.isChatClosed);
        onChange({ ...current, isChatClosed: res.data.isChatClosed });
      })}>
        {current.isChatClosed ? 'Reopen chat' : 'Close chat'}
      </Button>
    </Space>
  );

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap align="center">
        <LiveTag />
        <StreamAccessTag stream={stream} />
        <Typography.Text>
          <EyeOutlined /> {room.viewerCount ?? current.viewerCount} watching
        </Typography.Text>
        <Typography.Text aria-label="Live for">
          <ClockCircleOutlined /> {formatDuration(elapsed)}
        </Typography.Text>
      </Flex>
      <Space.Compact style={{ width: '100%' }}>
        <Input aria-label="Stream title" value={title} maxLength={STREAM_TITLE_MAX} onChange={(e) => setTitle(e.target.value)} />
        <Button loading={busy === 'title'} onClick={() => act('title', async () => {
          const res = await api.editLive(stream._id, { title });
          onChange(res.data);
          toast.success(CHANGES_SAVED);
        })}>
          Save title
        </Button>
      </Space.Compact>
      <Popconfirm title="End the stream for everyone?" okText="End stream" okButtonProps={{ danger: true }} onConfirm={() => act('end', async () => {
        await api.endLive(stream._id);
        toast.success('Your stream has ended');
        onChange(null);
      })}>
        <Button danger type="primary" loading={busy === 'end'}>End stream</Button>
      </Popconfirm>
      <StreamChat conversationId={stream.conversationId} isChatClosed={current.isChatClosed} isOwner extra={moderation} />
    </Flex>
  );
}

/** /creator/live: set up the stream, preview the camera, go live, run the chat, end it. */
export function CreatorLivePage() {
  const { data, error, isLoading, mutate } = useSWR<MyStreaming>(ME_KEY, () => api.getMyStreaming().then((r) => r.data), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  const [busy, setBusy] = useState<'save' | 'live' | null>(null);

  if (error) {
    return (
      <Result
        status="warning"
        title="We could not load your live settings"
        subTitle={getErrorMessage(error)}
        extra={<Button icon={<ReloadOutlined />} onClick={() => void mutate()}>Try again</Button>}
      />
    );
  }
  if (isLoading || !data) return <Skeleton active />;
  if (!data.enabled) return <Card><Empty description={LIVE_OFF} /></Card>;

  const setCurrent = (current: Stream | null) => void mutate({ ...data, current }, { revalidate: false });
  const save = async (settings: StreamSettings) => {
    setBusy('save');
    try {
      const res = await api.updateStreamSettings(settings);
      await mutate({ ...data, settings: res.data }, { revalidate: false });
      toast.success(CHANGES_SAVED);
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setBusy(null);
    }
  };
  const goLive = async (settings: StreamSettings) => {
    setBusy('live');
    try {
      const res = await api.goLive(settings);
      await mutate({ ...data, settings, current: res.data }, { revalidate: false });
      toast.success('You are live');
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setBusy(null);
    }
  };

  const live = data.current;
  return (
    <Card
      title={<Typography.Title level={3} style={{ margin: 0 }}>{live?.isPrivate ? live.title : 'Live studio'}</Typography.Title>}
      extra={<PrivateShowsLink />}
    >
      <div className={styles.watchLayout}>
        <Flex vertical gap={12}>
          <LiveVideoLoader mode="publish" channelName={live?.channelName ?? null} live={Boolean(live)} />
          {live ? null : <Alert type="info" showIcon title="Your camera preview. Nobody sees it until you go live." />}
        </Flex>
        {live ? (
          <LivePanel key={live._id} stream={live} onChange={setCurrent} />
        ) : (
          <SettingsForm settings={data.settings} busy={busy} onSave={save} onGoLive={goLive} />
        )}
      </div>
    </Card>
  );
}
