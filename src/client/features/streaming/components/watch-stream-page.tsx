import { useEffect } from 'react';
import Link from 'next/link';
import { Button, Card, Empty, Flex, Skeleton, Typography } from 'antd';
import { LazyResult } from '@/client/components/lazy-result';
import { ClockCircleOutlined, EyeOutlined, ReloadOutlined } from '@ant-design/icons';
import type { StreamView } from '@/common/contract/streaming';
import { TipButton } from '@/client/features/wallet-charges/components/tip-button';
import { getErrorMessage } from '@/client/lib/error-message';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { formatDuration } from '../format-duration';
import { resetStreamMessages } from '../stream-message.slice';
import { useElapsed } from '../use-elapsed';
import { useStreamRoom } from '../use-stream-room';
import { usePerformerProfile, useStreamView } from '../use-stream-view';
import { LIVE_OFF } from './live-list-page';
import { LiveVideoLoader } from './live-video-loader';
import { StreamChat } from './stream-chat';
import { StreamHeading } from './stream-heading';
import { StreamLockPanel } from './stream-lock-panel';
import styles from './streaming.module.css';

export const STREAM_ENDED = 'The stream has ended';

function NotLive({ id }: { id: string }) {
  const { data: performer } = usePerformerProfile(id);
  const name = performer?.name ?? id;
  return (
    <Card>
      <Empty description={`${name} is not live right now`}>
        <Link href={`/${performer?.username || id}`}>
          <Button>Go to {name}&apos;s profile</Button>
        </Link>
      </Empty>
    </Card>
  );
}

/** The stream a viewer may watch: video, title, viewers, duration, tip, and the chat. */
function Watching({ stream, id }: { stream: StreamView; id: string }) {
  const dispatch = useAppDispatch();
  const myId = useAppSelector((s) => (s.auth.loggedIn ? s.user.current._id : ''));
  const room = useStreamRoom(stream._id);
  const current = room.update ?? stream;
  const ended = !current.isStreaming;
  const elapsed = useElapsed(stream.startedAt, !ended);
  const viewers = room.viewerCount ?? stream.viewerCount;

  // The chat state belongs to this stream only.
  useEffect(() => () => void dispatch(resetStreamMessages()), [dispatch]);

  if (ended) {
    return (
      <Card>
        <LazyResult
          status="info"
          title={STREAM_ENDED}
          subTitle={`Thanks for watching ${stream.performer.name}.`}
          extra={
            <Link href={`/${stream.performer.username || id}`}>
              <Button>Go to {stream.performer.name}&apos;s profile</Button>
            </Link>
          }
        />
      </Card>
    );
  }

  return (
    <div className={styles.watchLayout}>
      <Flex vertical gap={12}>
        <LiveVideoLoader mode="watch" channelName={stream.channelName} />
        <StreamHeading stream={stream} title={current.title}>
          <Typography.Text>
            <EyeOutlined /> {viewers} watching
          </Typography.Text>
          <Typography.Text>
            <ClockCircleOutlined /> {formatDuration(elapsed)}
          </Typography.Text>
          {myId && myId !== stream.performerId ? <TipButton performer={{ _id: stream.performerId, name: stream.performer.name }} /> : null}
        </StreamHeading>
        {current.description ? <Typography.Paragraph>{current.description}</Typography.Paragraph> : null}
      </Flex>
      <StreamChat conversationId={stream.conversationId} isChatClosed={current.isChatClosed} isOwner={myId === stream.performerId} />
    </div>
  );
}

/** /streaming/[id]: a creator's live stream (id or username), or why it cannot be watched. */
export function WatchStreamPage({ id }: { id: string }) {
  const { data: stream, error, notLive, enabled, isLoading, mutate } = useStreamView(id);

  if (!enabled) return <Card><Empty description={LIVE_OFF} /></Card>;
  if (notLive) return <NotLive id={id} />;
  if (error) {
    return (
      <LazyResult
        status="warning"
        title="We could not load this stream"
        subTitle={getErrorMessage(error)}
        extra={<Button icon={<ReloadOutlined />} onClick={() => void mutate()}>Try again</Button>}
      />
    );
  }
  if (isLoading || !stream) return <Skeleton active />;
  if (!stream.canWatch) {
    return (
      <Flex vertical gap={16}>
        <Card>
          <StreamHeading stream={stream} />
          {stream.description ? <Typography.Paragraph style={{ margin: '12px 0 0' }}>{stream.description}</Typography.Paragraph> : null}
        </Card>
        <StreamLockPanel
          stream={stream}
          returnTo={`/streaming/${encodeURIComponent(id)}`}
          onUnlocked={(unlocked) => void (unlocked ? mutate(unlocked, { revalidate: false }) : mutate())}
        />
      </Flex>
    );
  }
  return <Watching stream={stream} id={id} />;
}
