import { Card, Flex, Skeleton, Typography } from 'antd';
import useSWR from 'swr';
import { productRoutes } from '@/common/contract/products';
import { NotFound } from '@/client/components/not-found';
import { routeUrl, type EnvelopeOf } from '@/client/lib/call-route';
import { fetcher } from '@/client/lib/fetcher';
import { listSwrOptions } from '@/client/lib/swr-options';
import { ListError } from '@/client/components/list-error';
import { LinkButton } from '@/client/components/link-button';
import { ProductForm } from './product-form';

const STATUS_POLL_MS = 2000;

function Heading({ title }: { title: string }) {
  return (
    <Flex justify="space-between" align="center" wrap gap={8}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      <LinkButton href="/creator/my-store">Back to my store</LinkButton>
    </Flex>
  );
}

/** /creator/my-store/create */
export function CreateProductPage() {
  return (
    <Flex vertical gap={16} style={{ maxWidth: 760 }}>
      <Heading title="Add a product" />
      <ProductForm />
    </Flex>
  );
}

/**
 * /creator/my-store/[id]/edit: loads the creator's own product (with its file's details), then the
 * form. While the digital file is being processed the product is asked about again every 2 s, so
 * its state moves to "Ready" (or the failure reason) without a reload.
 */
export function EditProductPage({ id }: { id: string }) {
  const key = id ? routeUrl(productRoutes.mineDetail.url, { id }) : null;
  const { data, error, mutate } = useSWR<EnvelopeOf<typeof productRoutes.mineDetail>>(key, fetcher, {
    ...listSwrOptions(),
    refreshInterval: (latest) => {
      const status = latest?.data.digitalFile?.status;
      return status === 'pending' || status === 'processing' ? STATUS_POLL_MS : 0;
    },
  });
  const status = (error as { statusCode?: number } | undefined)?.statusCode;
  if (error && !data && (status === 404 || status === 400)) return <NotFound title="Product not found" text="This product does not exist or is not yours." />;

  let body;
  if (error && !data) body = <ListError error={error} onRetry={() => void mutate()} title="We could not load this product" />;
  else if (!data) body = <Card><Skeleton active paragraph={{ rows: 8 }} /></Card>;
  // Fresh data (a file that finished processing) reaches the file field as a prop; what the
  // creator typed meanwhile stays.
  else body = <ProductForm key={data.data._id} product={data.data} />;

  return (
    <Flex vertical gap={16} style={{ maxWidth: 760 }}>
      <Heading title="Edit product" />
      {body}
    </Flex>
  );
}
