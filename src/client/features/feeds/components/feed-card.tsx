import type { ReactNode } from 'react';
import Link from 'next/link';
import { Avatar, Card, Flex, Tag, Tooltip } from 'antd';
import { CommentOutlined, LockOutlined, PushpinFilled } from '@ant-design/icons';
import type { Feed } from '@/common/contract/feeds';
import { PostText } from '@/client/components/post-text';
import { formatTokens } from '@/client/lib/format-amount';
import { ReactionBar } from '@/client/features/engagement/components/reaction-bar';
import { ReportButton } from '@/client/features/engagement/components/report-button';
import { formatCompact } from '@/client/lib/format-amount';
import { TipButton } from '@/client/features/wallet-charges/components/tip-button';
import { AVATAR_PLACEHOLDER } from '@/client/features/user/default-user';
import { useAppSelector } from '@/client/store/hooks';
import { FeedMedia, performerHrefOf } from './feed-media';
import { FeedPoll } from './feed-poll';
import { ShareButton } from '@/client/components/share-button';
import styles from './feed-card.module.css';
import { formatDate, formatRelative } from '@/client/lib/format-date';

export interface FeedCardProps {
  feed: Feed;
  /** The full post page: no "open" link, the whole text. */
  detail?: boolean;
  /** Extra actions on the right of the author row (the creator's edit menu). */
  actions?: ReactNode;
}


/** Badges only the creator (and admins) can see: draft, scheduled, and who may open it. */
function StateTags({ feed }: { feed: Feed }) {
  return (
    <>
      {feed.isPinned ? <Tag icon={<PushpinFilled />} color="blue">Pinned</Tag> : null}
      {feed.status === 'draft' ? <Tag>Draft</Tag> : null}
      {feed.isScheduled ? <Tag color="gold">Scheduled {formatDate(feed.publishAt, { withTime: true })}</Tag> : null}
      {feed.access === 'subscribers' ? <Tag icon={feed.isLocked ? <LockOutlined /> : undefined}>Subscribers</Tag> : null}
      {feed.access === 'sale' ? <Tag icon={feed.isLocked ? <LockOutlined /> : undefined} color="purple">{formatTokens(feed.price)}</Tag> : null}
    </>
  );
}

/**
 * One post, as the timeline, the profile feed, bookmarks and the post page show it: author and
 * time, text, files (locked: blurred preview and the unlock call to action), poll, reactions,
 * comments count and report. The time links to /post/{id}.
 */
export function FeedCard({ feed, detail = false, actions }: FeedCardProps) {
  const viewerId = useAppSelector((s) => (s.auth.loggedIn ? s.user.current._id : ''));
  const isOwner = Boolean(viewerId) && viewerId === feed.performerId;
  const author = feed.performer;
  const name = author.name || author.username || 'Creator';
  const postHref = `/post/${feed._id}`;

  return (
    <Card className={styles.card} styles={{ body: { padding: 16 } }}>
      <article className={styles.article} aria-label={`Post by ${name}`}>
        <header className={styles.header}>
          <Link href={performerHrefOf(feed)} className={styles.author}>
            <Avatar src={author.avatar || AVATAR_PLACEHOLDER} alt="" size={40} />
            <span className={styles.name}>{name}</span>
          </Link>
          <Link href={postHref} className={styles.time} title={formatDate(feed.publishAt, { withTime: true })}>
            {/* Relative time depends on the clock: the server and the browser may disagree by a minute. */}
            <time dateTime={feed.publishAt} suppressHydrationWarning>{formatRelative(feed.publishAt)}</time>
          </Link>
          <span className={styles.headerActions}>{actions}</span>
        </header>
        <Flex gap={4} wrap>
          <StateTags feed={feed} />
        </Flex>
        {feed.text ? <PostText html={feed.text} className={detail ? styles.text : `${styles.text} ${styles.clamped}`} /> : null}
        <FeedMedia feed={feed} isOwner={isOwner} />
        {feed.poll ? <FeedPoll poll={feed.poll} locked={feed.isLocked} isOwner={isOwner} /> : null}
        <footer className={styles.footer}>
          <ReactionBar objectType="feed" objectId={feed._id} isLiked={feed.isLiked} isBookmarked={feed.isBookmarked} stats={feed.stats} locked={feed.isLocked} />
          {detail ? null : (
            <Tooltip title="Comments">
              <Link href={`${postHref}#comments`} className={styles.commentsLink} aria-label={`${feed.stats.comments} comments: open the post`}>
                <CommentOutlined aria-hidden /> {formatCompact(feed.stats.comments)}
              </Link>
            </Tooltip>
          )}
          <span className={styles.spacer} />
          <ShareButton path={postHref} title={`Post by ${name}`} size="small" />
          {isOwner ? null : <TipButton performer={{ _id: feed.performerId, name }} size="small" />}
          {isOwner ? null : <ReportButton targetType="feed" targetId={feed._id} />}
        </footer>
      </article>
    </Card>
  );
}
