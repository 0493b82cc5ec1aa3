import Head from 'next/head';
import { LazyResult } from '@/client/components/lazy-result';
import { richTextToPlain } from '@/common/lib/rich-text';
import { pickThumbnail } from '@/common/lib/thumbnail';
import { NotFound } from '@/client/components/not-found';
import { PageTitle } from '@/client/components/page-title';
import { CommentSection } from '@/client/features/engagement/components/comment-section';
import { PerformerNotAvailable } from '@/client/features/performer/components/performer-not-available';
import { HiddenAlert } from '@/client/features/content/components/hidden-notice';
import type { PostPageProps } from '../load-post';
import { FeedCard } from './feed-card';

const LOCKED_COMMENTS = {
  subscribers: 'Subscribe to this creator to see and join the conversation',
  sale: 'Unlock this post to see and join the conversation',
  free: 'Comments are not available to you',
} as const;

/** /post/{id}: the whole post, then its comments (hidden behind the unlock prompt while locked). */
export function PostDetail({ feed, notAvailable, error }: PostPageProps) {
  if (notAvailable) return <PerformerNotAvailable message={notAvailable} />;
  if (error) return <LazyResult status="500" title="We could not load this post" subTitle={error} />;
  if (!feed) return <NotFound title="Post not found" text="This post does not exist, was deleted or is not published yet." />;

  const author = feed.performer.name || feed.performer.username || 'A creator';
  const plain = richTextToPlain(feed.text);
  const description = plain ? plain.slice(0, 160) : `A post by ${author}`;
  const picture = pickThumbnail(feed, '');
  return (
    <>
      <PageTitle title={`${author}: ${plain ? plain.slice(0, 60) : 'post'}`} description={description} />
      <Head>
        <meta property="og:type" content="article" key="og:type" />
        <meta property="og:title" content={`Post by ${author}`} key="og:title" />
        <meta property="og:description" content={description} key="og:description" />
        {picture ? <meta property="og:image" content={picture} key="og:image" /> : null}
      </Head>
      <div style={{ maxWidth: 760, margin: '0 auto', display: 'flex', flexDirection: 'column', gap: 16 }}>
        <HiddenAlert item={feed} noun="post" />
        <FeedCard feed={feed} detail />
        <div id="comments">
          <CommentSection objectType="feed" objectId={feed._id} canComment={!feed.isLocked} lockedMessage={LOCKED_COMMENTS[feed.access]} />
        </div>
      </div>
    </>
  );
}
