import { useState } from 'react';
import { Empty, Flex, Segmented } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import type { FeedType } from '@/common/contract/feeds';
import { LinkButton } from '@/client/components/link-button';
import type { ProfileTabProps } from '@/client/features/performer/components/profile-tabs';
import { useCreatorFeed } from '../use-feed-pages';
import { FeedList } from './feed-list';

const TYPE_OPTIONS: { value: FeedType | 'all'; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'photo', label: 'Photos' },
  { value: 'video', label: 'Videos' },
  { value: 'audio', label: 'Audio' },
  { value: 'text', label: 'Text' },
  { value: 'poll', label: 'Polls' },
];

/** The Feed tab of a creator's page: their posts, pinned first, filtered by type, "load more". */
export function ProfileFeedTab({ performer, isOwner }: ProfileTabProps) {
  const [type, setType] = useState<FeedType | 'all'>('all');
  const pages = useCreatorFeed(performer.username || performer._id, type === 'all' ? undefined : type);
  const empty = (
    <Empty description={type === 'all' ? 'No posts yet' : 'No posts of this kind yet'} style={{ padding: '24px 0' }}>
      {isOwner ? (
        <LinkButton href="/creator/my-post/create" type="primary" icon={<EditOutlined />}>
          Create a post
        </LinkButton>
      ) : null}
    </Empty>
  );
  return (
    <Flex vertical gap={16} style={{ paddingTop: 16 }}>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <div style={{ maxWidth: '100%', overflowX: 'auto' }}>
          <Segmented aria-label="Kind of post" value={type} onChange={(v) => setType(v as FeedType | 'all')} options={TYPE_OPTIONS} />
        </div>
        {isOwner ? (
          <LinkButton href="/creator/my-post/create" icon={<EditOutlined />}>
            New post
          </LinkButton>
        ) : null}
      </Flex>
      <FeedList pages={pages} label={`Posts by ${performer.name || performer.username}`} empty={empty} />
    </Flex>
  );
}
