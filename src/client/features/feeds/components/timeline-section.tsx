import { Empty, Flex, Typography } from 'antd';
import { CompassOutlined, EditOutlined } from '@ant-design/icons';
import { LinkButton } from '@/client/components/link-button';
import { useAppSelector } from '@/client/store/hooks';
import { useTimeline } from '../use-feed-pages';
import { FeedList } from './feed-list';

/** Pages the timeline loads by itself while scrolling; then "Load more", so the shelves below stay reachable. */
export const TIMELINE_AUTO_PAGES = 5;

/**
 * "Your feed" on /home: posts of the creators the viewer follows or subscribes to, newest first,
 * loading more as the reader scrolls. Creators see the same timeline with their own posts in it.
 */
export function TimelineSection() {
  const isPerformer = useAppSelector((s) => s.user.current.isPerformer);
  const pages = useTimeline();
  const empty = (
    <Empty description="Posts from the creators you follow or subscribe to will show up here.">
      <Flex gap={8} justify="center" wrap>
        <LinkButton href="/creator" type="primary" icon={<CompassOutlined />}>
          Explore creators
        </LinkButton>
        {isPerformer ? (
          <LinkButton href="/creator/my-post/create" icon={<EditOutlined />}>
            Create a post
          </LinkButton>
        ) : null}
      </Flex>
    </Empty>
  );
  return (
    <section aria-labelledby="your-feed-title">
      <Typography.Title level={3} id="your-feed-title" style={{ marginTop: 0 }}>
        Your feed
      </Typography.Title>
      <div style={{ maxWidth: 680 }}>
        <FeedList pages={pages} label="Your feed" empty={empty} autoPages={TIMELINE_AUTO_PAGES} />
      </div>
    </section>
  );
}
