import Head from 'next/head';
import type { PerformerPublic } from '@/common/contract/performers';
import { richTextToPlain } from '@/common/lib/rich-text';

const ABSOLUTE = /^https?:\/\//i;
const DESCRIPTION_MAX = 200;

/** Plain bio for meta descriptions: no markup, whitespace collapsed, at most 200 characters. */
export function plainDescription(bio: string, fallback: string): string {
  const plain = richTextToPlain(bio).replace(/\s+/g, ' ').trim();
  if (!plain) return fallback;
  return plain.length > DESCRIPTION_MAX ? `${plain.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…` : plain;
}

/** Title and sharing tags of a creator's page (server-rendered, so crawlers see them). */
export function PerformerHead({ performer, siteName }: { performer: PerformerPublic; siteName: string }) {
  const title = performer.username ? `${performer.name} (@${performer.username})` : performer.name;
  const description = plainDescription(performer.bio, `${performer.name} on ${siteName}`);
  return (
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
      <meta name="twitter:title" content={title} key="twitter:title" />
      <meta name="twitter:description" content={description} key="twitter:description" />
    </Head>
  );
}
