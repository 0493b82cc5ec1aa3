import { Flex } from 'antd';
import { CreatorShelf } from './creator-shelf';
import { LandingFeatures } from './landing-features';
import { LandingHero } from './landing-hero';
import { PromoBanners } from './promo-banners';
import type { LandingPageProps } from '../load-landing';

/**
 * The public start page: the operator's banners, the pitch, top creators, and what the site offers.
 * The banners come rendered from the server when it could fetch them (load-landing.ts).
 */
export function LandingPage({ promos }: LandingPageProps) {
  return (
    <Flex vertical gap={48}>
      <PromoBanners position="landing" initial={promos} />
      <LandingHero />
      <CreatorShelf title="Top creators" source="top" limit={8} emptyText="No creators yet. Be the first!" />
      <LandingFeatures />
    </Flex>
  );
}
