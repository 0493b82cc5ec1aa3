import Link from 'next/link';
import { Button, Tag } from 'antd';
import { PlayCircleOutlined } from '@ant-design/icons';
import { useStreamView } from '../use-stream-view';

/**
 * On a creator's profile: a red LIVE badge and "Watch live" while they stream. Asks
 * `GET /streaming/join/:id` only when live streaming is on (a 404 means not live: nothing shows).
 */
export function WatchLiveButton({ performer }: { performer: { _id: string; username?: string | null } }) {
  const id = performer.username || performer._id;
  const { data } = useStreamView(id);
  if (!data?.isStreaming) return null;
  return (
    <Link href={`/streaming/${encodeURIComponent(id)}`}>
      <Button danger type="primary" icon={<PlayCircleOutlined />}>
        <Tag color="red" bordered={false} style={{ marginInlineEnd: 4, fontWeight: 700 }}>
          LIVE
        </Tag>
        Watch live
      </Button>
    </Link>
  );
}
