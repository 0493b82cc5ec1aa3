import { useState } from 'react';
import { Button, Flex, Tag, Typography } from 'antd';
import { DownloadOutlined, EditOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import type { Product } from '@/common/contract/products';
import { getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { formatTokens } from '@/client/features/content/format-tokens';
import { LinkButton } from '@/client/features/discovery/components/link-button';
import { fetchDownloadLink } from '../products.api';
import { stockText, TYPE_LABELS } from '../product-format';

/** Sends the browser to the signed link: the file arrives as a download (Content-Disposition: attachment). */
function startDownload(url: string) {
  window.location.assign(url);
}

/**
 * Price, type and stock, and what the viewer can do: the creator edits; a buyer (or an admin)
 * downloads a digital product; everyone else sees the buy button, disabled until payments arrive.
 */
export function ProductBuyBox({ product, isOwner, onDownload = startDownload }: { product: Product; isOwner: boolean; onDownload?: (url: string) => void }) {
  const [downloading, setDownloading] = useState(false);
  const canDownload = product.type === 'digital' && product.hasDigitalFile && !product.isLocked;
  const stock = stockText(product);

  const download = async () => {
    setDownloading(true);
    try {
      const res = await fetchDownloadLink(product._id);
      onDownload(res.data.url);
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Flex vertical gap={12}>
      <Typography.Text style={{ fontSize: 28, fontWeight: 700 }}>{formatTokens(product.price)}</Typography.Text>
      <Flex gap={6} wrap>
        <Tag color={product.type === 'digital' ? 'blue' : 'default'}>{TYPE_LABELS[product.type]}</Tag>
        {product.isSoldOut ? <Tag color="red">Sold out</Tag> : stock ? <Tag>{stock}</Tag> : null}
        {product.status === 'draft' ? <Tag>Draft: only you see it</Tag> : null}
        {product.isBought ? <Tag color="success">You bought this</Tag> : null}
      </Flex>
      {isOwner ? (
        <LinkButton href={`/creator/my-store/${product._id}/edit`} icon={<EditOutlined />}>
          Edit product
        </LinkButton>
      ) : product.isBought || !product.isLocked ? null : (
        <Button type="primary" size="large" icon={<ShoppingCartOutlined />} disabled title="Purchases open with the wallet">
          {product.isSoldOut ? 'Sold out' : 'Purchases open soon'}
        </Button>
      )}
      {canDownload ? (
        <Button type={isOwner ? 'default' : 'primary'} size="large" icon={<DownloadOutlined />} loading={downloading} onClick={download}>
          Download
        </Button>
      ) : null}
      {product.type === 'physical' && product.isBought ? (
        <Typography.Text type="secondary">The creator ships it to the address of your order.</Typography.Text>
      ) : null}
    </Flex>
  );
}
