import Link from 'next/link';
import { Button, Flex } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import type { FollowState } from '@/common/contract/social';
import type { PerformerPublic } from '@/common/contract/performers';
import { FollowButton } from '@/client/features/follow/components/follow-button';
import { BookmarkButton } from '@/client/features/follow/components/bookmark-button';
import { TipButton } from '@/client/features/wallet-charges/components/tip-button';
import { MessageButton } from '@/client/features/messages/components/message-button';
import { WatchLiveButton } from '@/client/features/streaming/components/watch-live-button';

interface Props {
  performer: Pick<PerformerPublic, '_id' | 'name' | 'isFollowed' | 'isBookmarked'> & Partial<Pick<PerformerPublic, 'username'>>;
  isOwner: boolean;
  onFollowChange?: (state: FollowState) => void;
}

/** The owner edits their profile; everyone else follows, bookmarks, tips, and watches them live. */
export function PerformerActions({ performer, isOwner, onFollowChange }: Props) {
  if (isOwner) {
    return (
      <Link href="/creator/account">
        <Button icon={<EditOutlined />}>Edit profile</Button>
      </Link>
    );
  }
  return (
    <Flex gap={8} wrap justify="flex-end">
      <WatchLiveButton performer={performer} />
      <FollowButton performerId={performer._id} isFollowed={performer.isFollowed} onChange={onFollowChange} />
      <BookmarkButton performerId={performer._id} isBookmarked={performer.isBookmarked} />
      <TipButton performer={performer} />
      <MessageButton performer={performer} />
    </Flex>
  );
}
