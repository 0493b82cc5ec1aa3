import { CreatorShelf } from './creator-shelf';
import { LandingFeatures } from './landing-features';
import { LandingHero } from './landing-hero';
import { PromoBanners } from './promo-banners';
import type { LandingPageProps } from '../load-landing';
import styles from './landing.module.css';

/**
 * The public start page: the operator's banners, the pitch, top creators, and what the site offers.
 * The banners come rendered from the server when it could fetch them (load-landing.ts). Nothing here
 * is drawn with antd (the page is `antdFree`): it is where most visitors arrive, on phones, and
 * antd's code was most of its first load (README, Web performance).
 */
export function LandingPage({ promos }: LandingPageProps) {
  return (
    <div className={styles.page}>
      <PromoBanners position="landing" initial={promos} />
      <LandingHero />
      <CreatorShelf title="Top creators" source="top" limit={8} emptyText="No creators yet. Be the first!" />
      <LandingFeatures />
    </div>
  );
}
