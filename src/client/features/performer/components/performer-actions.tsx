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
import { PrivateShowButton } from '@/client/features/private-shows/components/private-show-button';
import { ShareButton } from '@/client/components/share-button';

interface Props {
  performer: Pick<PerformerPublic, '_id' | 'name' | 'isFollowed' | 'isBookmarked'> & Partial<Pick<PerformerPublic, 'username'>>;
  isOwner: boolean;
  onFollowChange?: (state: FollowState) => void;
}

/** Everyone shares the profile; the owner edits it; everyone else follows, bookmarks, tips, watches them live and asks for a private show. */
export function PerformerActions({ performer, isOwner, onFollowChange }: Props) {
  const share = <ShareButton path={`/${performer.username || performer._id}`} title={performer.name || performer.username || 'Creator'} />;
  if (isOwner) {
    return (
      <Flex gap={8} wrap justify="flex-end">
        {share}
        <Link href="/creator/account">
          <Button icon={<EditOutlined />}>Edit profile</Button>
        </Link>
      </Flex>
    );
  }
  return (
    <Flex gap={8} wrap justify="flex-end">
      {share}
      <WatchLiveButton performer={performer} />
      <FollowButton performerId={performer._id} isFollowed={performer.isFollowed} onChange={onFollowChange} />
      <BookmarkButton performerId={performer._id} isBookmarked={performer.isBookmarked} />
      <TipButton performer={performer} />
      <MessageButton performer={performer} />
      <PrivateShowButton performer={performer} />
    </Flex>
  );
}
