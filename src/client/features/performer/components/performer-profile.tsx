import Head from 'next/head';
import { Card, Empty, Flex, Result } from 'antd';
import { NotFound } from '@/client/components/not-found';
import { useAppSelector } from '@/client/store/hooks';
import type { PerformerPageProps } from './load-performer';
import { PerformerHeader } from './performer-header';

const ABSOLUTE = /^https?:\/\//i;

/** A creator's public page: head tags for sharing, the header, and the (future) content area. */
export function PerformerProfile({ performer, error }: PerformerPageProps) {
  const siteName = useAppSelector((s) => s.ui.siteName || s.settings.siteName);
  if (error) return <Result status="500" title="We could not load this page" subTitle={error} />;
  if (!performer) return <NotFound title="Creator not found" text="This creator does not exist or is not available." />;

  const title = performer.username ? `${performer.name} (@${performer.username})` : performer.name;
  const description = (performer.bio || `${performer.name} on ${siteName}`).slice(0, 200);
  return (
    <>
      <Head>
        <title>{`${title} | ${siteName}`}</title>
        <meta name="description" content={description} key="description" />
        <meta property="og:type" content="profile" key="og:type" />
        <meta property="og:site_name" content={siteName} key="og:site_name" />
        <meta property="og:title" content={title} key="og:title" />
        <meta property="og:description" content={description} key="og:description" />
        {/* Crawlers need absolute URLs; placeholders are relative and left out. */}
        {ABSOLUTE.test(performer.avatar) ? <meta property="og:image" content={performer.avatar} key="og:image" /> : null}
        {performer.username ? <meta property="profile:username" content={performer.username} key="profile:username" /> : null}
        <meta name="twitter:card" content="summary" key="twitter:card" />
      </Head>
      <Flex vertical gap={24}>
        <PerformerHeader performer={performer} />
        <Card>
          <Empty description={`${performer.name} has not posted anything yet.`} />
        </Card>
      </Flex>
    </>
  );
}
