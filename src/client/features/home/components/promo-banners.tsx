import ArrowRightOutlined from '@ant-design/icons-svg/es/asn/ArrowRightOutlined';
import { PlainIcon } from '@/client/components/plain-icon';
import { sitePromoRoutes, type SitePromo } from '@/common/contract/site-promos';
import { PlainLinkButton } from '@/client/components/plain-button';
import { PlainSkeleton } from '@/client/components/plain-skeleton';
import { useRouteData } from '@/client/hooks/use-route-data';
import type { EnvelopeOf } from '@/client/lib/call-route';
import { PromoCarousel } from './promo-carousel';
import styles from './promo-banners.module.css';

export const PROMOS_LIMIT = 10;

function PromoLink({ href }: { href: string }) {
  return (
    <PlainLinkButton look="primary" className={styles.cta} href={href} icon={<PlainIcon icon={ArrowRightOutlined} />} iconEnd>
      Learn more
    </PlainLinkButton>
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
 * The operator's promo banners for a position (GET /site-promo/search). Banners are extras: with
 * none, or when they fail to load, nothing is shown rather than an empty box or an error.
 * `initial`: what the server fetched while rendering the page (load-landing.ts).
 */
export function PromoBanners({ position, initial }: { position: 'landing' | 'home'; initial?: EnvelopeOf<typeof sitePromoRoutes.search> }) {
  const { data, error } = useRouteData(sitePromoRoutes.search, { position, limit: PROMOS_LIMIT }, { fallbackData: initial });
  if (error) return null;
  if (!data) {
    return (
      <div role="status" aria-label="Loading promotions">
        <PlainSkeleton className={styles.skeleton} />
      </div>
    );
  }
  const promos = data.data.data;
  if (!promos.length) return null;
  return (
    <section
      className={`${styles.wrap} ${promos.length > 1 ? styles.carousel : ''}`}
      aria-label="Promotions"
      data-testid={`promos-${position}`}
    >
      {promos.length === 1 ? (
        <PromoBanner promo={promos[0]} />
      ) : (
        <PromoCarousel interval={6000}>
          {promos.map((p) => (
            <PromoBanner key={p._id} promo={p} />
          ))}
        </PromoCarousel>
      )}
    </section>
  );
}
