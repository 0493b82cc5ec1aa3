import Link from 'next/link';
import { Skeleton, Tag } from 'antd';
import type { Product } from '@/common/contract/products';
import { formatTokens } from '@/client/lib/format-amount';
import { productHref, productPicture, stockText } from '../product-format';
import styles from './product-card.module.css';

/** A product in a store grid: picture, sold-out badge, name, price; the whole card opens the product. */
export function ProductCard({ product }: { product: Product }) {
  const stock = stockText(product);
  return (
    <article className={styles.card} data-testid="product-card">
      <div className={styles.picture}>
        <img src={productPicture(product)} alt="" loading="lazy" />
        <div className={styles.badges}>
          {product.type === 'digital' ? <Tag color="blue">Digital</Tag> : null}
          {product.status === 'draft' ? <Tag>Draft</Tag> : null}
        </div>
        {product.isSoldOut ? (
          <div className={styles.soldOut}>
            <Tag color="red" style={{ marginInlineEnd: 0, fontSize: 14, padding: '2px 10px' }}>Sold out</Tag>
          </div>
        ) : null}
      </div>
      <div className={styles.body}>
        <Link href={productHref(product)} className={styles.name}>
          {product.name}
        </Link>
        <div className={styles.meta}>
          <span className={styles.price}>{formatTokens(product.price)}</span>
          {product.isBought ? <Tag color="success" style={{ marginInlineEnd: 0 }}>Bought</Tag> : stock && !product.isSoldOut ? <span>{stock}</span> : null}
        </div>
      </div>
    </article>
  );
}

/** Cards in a responsive grid (two columns on phones), or skeletons while loading. */
export function ProductGrid({ products, label, skeletons = 6 }: { products: Product[] | undefined; label: string; skeletons?: number }) {
  if (!products) {
    return (
      <ul className={styles.grid} aria-busy="true" aria-label={`${label} (loading)`}>
        {Array.from({ length: skeletons }, (_, i) => (
          <li key={i}>
            <div className={styles.card}>
              <div className={styles.picture} />
              <div className={styles.body}>
                <Skeleton active title={false} paragraph={{ rows: 2 }} />
              </div>
            </div>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul className={styles.grid} aria-label={label}>
      {products.map((p) => (
        <li key={p._id}>
          <ProductCard product={p} />
        </li>
      ))}
    </ul>
  );
}
