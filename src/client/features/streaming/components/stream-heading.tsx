import type { ReactNode } from 'react';
import Link from 'next/link';
import { Avatar, Flex, Space, Typography } from 'antd';
import type { Stream } from '@/common/contract/streaming';
import { LiveTag, StreamAccessTag } from './stream-access-tag';

/** Who is live and with what: avatar (to the profile), title, name, LIVE and access tags, and `extra`. */
export function StreamHeading({ stream, title, children }: { stream: Stream; title?: string; children?: ReactNode }) {
  return (
    <Flex gap={12} align="center" wrap justify="space-between">
      <Flex gap={12} align="center">
        <Link href={`/${stream.performer.username || stream.performerId}`}>
          <Avatar src={stream.performer.avatar} size={48} alt="" />
        </Link>
        <Flex vertical>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {(title ?? stream.title) || `${stream.performer.name} is live`}
          </Typography.Title>
          <Typography.Text type="secondary">{stream.performer.name}</Typography.Text>
        </Flex>
      </Flex>
      <Space wrap>
        <LiveTag />
        <StreamAccessTag stream={stream} />
        {children}
      </Space>
    </Flex>
  );
}
