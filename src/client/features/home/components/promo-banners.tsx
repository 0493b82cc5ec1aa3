import { Carousel, Skeleton } from 'antd';
import { ArrowRightOutlined } from '@ant-design/icons';
import { sitePromoRoutes, type SitePromo } from '@/common/contract/site-promos';
import { LinkButton } from '@/client/components/link-button';
import { useRouteData } from '@/client/hooks/use-route-data';
import styles from './promo-banners.module.css';

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
 * The operator's promo banners for a position (GET /site-promo/search). Banners are extras: with
 * none, or when they fail to load, nothing is shown rather than an empty box or an error.
 */
export function PromoBanners({ position }: { position: 'landing' | 'home' }) {
  const { data, error } = useRouteData(sitePromoRoutes.search, { position, limit: 10 });
  if (error) return null;
  if (!data) return <Skeleton.Node active className={styles.skeleton} aria-label="Loading promotions" />;
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
        <Carousel autoplay={{ dotDuration: true }} autoplaySpeed={6000} draggable>
          {promos.map((p) => (
            <PromoBanner key={p._id} promo={p} />
          ))}
        </Carousel>
      )}
    </section>
  );
}
