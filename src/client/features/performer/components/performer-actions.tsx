import Link from 'next/link';
import { Button, Flex } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import type { FollowState } from '@/common/contract/social';
import type { PerformerPublic } from '@/common/contract/performers';
import { FollowButton } from '@/client/features/follow/components/follow-button';
import { BookmarkButton } from '@/client/features/follow/components/bookmark-button';

interface Props {
  performer: Pick<PerformerPublic, '_id' | 'isFollowed' | 'isBookmarked'>;
  isOwner: boolean;
  onFollowChange?: (state: FollowState) => void;
}

/** The owner edits their profile; everyone else follows and bookmarks. */
export function PerformerActions({ performer, isOwner, onFollowChange }: Props) {
  if (isOwner) {
    return (
      <Link href="/creator/account">
        <Button icon={<EditOutlined />}>Edit profile</Button>
      </Link>
    );
  }
  return (
    <Flex gap={8}>
      <FollowButton performerId={performer._id} isFollowed={performer.isFollowed} onChange={onFollowChange} />
      <BookmarkButton performerId={performer._id} isBookmarked={performer.isBookmarked} />
    </Flex>
  );
}
