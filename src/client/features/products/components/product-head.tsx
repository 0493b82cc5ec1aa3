import Head from 'next/head';
import type { Product } from '@/common/contract/products';
import { formatTokens } from '@/client/lib/format-amount';

const DESCRIPTION_MAX = 200;
const ABSOLUTE = /^https?:\/\//i;

/** Title and sharing tags of a product page (server-rendered, so crawlers and link previews see them). */
export function ProductHead({ product, siteName }: { product: Product; siteName: string }) {
  const plain = product.description.replace(/\s+/g, ' ').trim();
  const text = plain ? (plain.length > DESCRIPTION_MAX ? `${plain.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…` : plain) : `${product.name} by ${product.performer.name}`;
  const description = `${formatTokens(product.price)}. ${text}`;
  const picture = product.images[0]?.url;
  return (
    <Head>
      <title>{`${product.name} | ${siteName}`}</title>
      <meta name="description" content={description} key="description" />
      <meta property="og:type" content="product" key="og:type" />
      <meta property="og:site_name" content={siteName} key="og:site_name" />
      <meta property="og:title" content={product.name} key="og:title" />
      <meta property="og:description" content={description} key="og:description" />
      {picture && ABSOLUTE.test(picture) ? <meta property="og:image" content={picture} key="og:image" /> : null}
      <meta name="twitter:card" content={picture ? 'summary_large_image' : 'summary'} key="twitter:card" />
      <meta name="twitter:title" content={product.name} key="twitter:title" />
      <meta name="twitter:description" content={description} key="twitter:description" />
    </Head>
  );
}
