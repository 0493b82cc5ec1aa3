import { Flex } from 'antd';
import { CreatorShelf } from './creator-shelf';
import { LandingFeatures } from './landing-features';
import { LandingHero } from './landing-hero';
import { PromoBanners } from './promo-banners';

/** The public start page: the operator's banners, the pitch, top creators, and what the site offers. */
export function LandingPage() {
  return (
    <Flex vertical gap={48}>
      <PromoBanners position="landing" />
      <LandingHero />
      <CreatorShelf title="Top creators" source="top" limit={8} emptyText="No creators yet. Be the first!" />
      <LandingFeatures />
    </Flex>
  );
}
