import type { ReactNode } from 'react';
import { Button, Flex, Tooltip } from 'antd';
import {
  FacebookOutlined, GlobalOutlined, InstagramOutlined, TikTokOutlined, XOutlined, YoutubeOutlined,
} from '@ant-design/icons';
import { SOCIAL_PLATFORMS, type SocialLinks as Links } from '@/common/contract/performers';

type Platform = (typeof SOCIAL_PLATFORMS)[number];

export const SOCIAL_LABELS: Record<Platform, string> = {
  website: 'Website',
  twitter: 'X (Twitter)',
  instagram: 'Instagram',
  facebook: 'Facebook',
  youtube: 'YouTube',
  tiktok: 'TikTok',
};

const ICONS: Record<Platform, ReactNode> = {
  website: <GlobalOutlined />,
  twitter: <XOutlined />,
  instagram: <InstagramOutlined />,
  facebook: <FacebookOutlined />,
  youtube: <YoutubeOutlined />,
  tiktok: <TikTokOutlined />,
};

// The server only stores http(s) links (spec 5); checked again so no other scheme reaches an href.
const SAFE = /^https?:\/\//i;

/** Icon links to the creator's other sites; they open in a new tab without giving it window.opener. */
export function SocialLinks({ links }: { links: Links }) {
  const present = SOCIAL_PLATFORMS.filter((p) => links[p] && SAFE.test(links[p]!));
  if (!present.length) return null;
  return (
    <Flex gap={8} wrap>
      {present.map((platform) => (
        <Tooltip key={platform} title={SOCIAL_LABELS[platform]}>
          <Button
            shape="circle"
            icon={ICONS[platform]}
            href={links[platform]}
            target="_blank"
            rel="noopener noreferrer nofollow"
            aria-label={SOCIAL_LABELS[platform]}
          />
        </Tooltip>
      ))}
    </Flex>
  );
}
