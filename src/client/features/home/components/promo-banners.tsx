import { useEffect, useRef } from 'react';
import { Carousel, Skeleton } from 'antd';
import { ArrowRightOutlined } from '@ant-design/icons';
import { sitePromoRoutes, type SitePromo } from '@/common/contract/site-promos';
import { LinkButton } from '@/client/components/link-button';
import { useRouteData } from '@/client/hooks/use-route-data';
import type { EnvelopeOf } from '@/client/lib/call-route';
import styles from './promo-banners.module.css';

export const PROMOS_LIMIT = 10;

function PromoLink({ href }: { href: string }) {
  return (
    <LinkButton type="primary" className={styles.cta} href={href} icon={<ArrowRightOutlined />} iconPlacement="end">
      Learn more
    </LinkButton>
  );
}

function PromoBanner({ promo }: { promo: SitePromo }) {
  return (
    <div className={styles.banner} role="group" aria-label={promo.title}>
      {promo.imageUrl ? (
        // plain <img>: the API host (or S3) is only known at run time
        <img className={styles.image} src={promo.imageUrl} alt="" />
      ) : (
        <div className={styles.image} />
      )}
      <div className={styles.caption}>
        <div className={styles.text}>
          <h2 className={styles.title}>{promo.title}</h2>
          {promo.description ? <p className={styles.description}>{promo.description}</p> : null}
        </div>
        {promo.href ? <PromoLink href={promo.href} /> : null}
      </div>
    </div>
  );
}

/**
 * The carousel hides the slides out of view (and its copies of them for the endless loop) from
 * assistive technology with aria-hidden, but their links stay in the tab order: Tab would land on
 * a link nobody sees or hears. `inert` takes each hidden slide out of both, and is lifted when it
 * slides into view.
 */
function useInertHiddenSlides(root: React.RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const sync = () => {
      for (const slide of element.querySelectorAll<HTMLElement>('.slick-slide')) {
        slide.inert = slide.getAttribute('aria-hidden') === 'true';
      }
    };
    sync();
    const observer = new MutationObserver(sync);
    observer.observe(element, { subtree: true, childList: true, attributeFilter: ['aria-hidden'] });
    return () => observer.disconnect();
  });
}

/**
 * The operator's promo banners for a position (GET /site-promo/search). Banners are extras: with
 * none, or when they fail to load, nothing is shown rather than an empty box or an error.
 * `initial`: what the server fetched while rendering the page (load-landing.ts).
 */
export function PromoBanners({ position, initial }: { position: 'landing' | 'home'; initial?: EnvelopeOf<typeof sitePromoRoutes.search> }) {
  const { data, error } = useRouteData(sitePromoRoutes.search, { position, limit: PROMOS_LIMIT }, { fallbackData: initial });
  const carousel = useRef<HTMLElement>(null);
  useInertHiddenSlides(carousel);
  if (error) return null;
  if (!data) return <Skeleton.Node active className={styles.skeleton} aria-label="Loading promotions" />;
  const promos = data.data.data;
  if (!promos.length) return null;
  return (
    <section
      ref={carousel}
      className={`${styles.wrap} ${promos.length > 1 ? styles.carousel : ''}`}
      aria-label="Promotions"
      data-testid={`promos-${position}`}
    >
      {promos.length === 1 ? (
        <PromoBanner promo={promos[0]} />
      ) : (
        <Carousel autoplay={{ dotDuration: true }} autoplaySpeed={6000} draggable>
          {promos.map((p) => (
            <PromoBanner key={p._id} promo={p} />
          ))}
        </Carousel>
      )}
    </section>
  );
}
