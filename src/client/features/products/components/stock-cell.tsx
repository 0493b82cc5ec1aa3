import { Space, Tag, Typography } from 'antd';
import type { OwnProduct } from '@/common/contract/products';
import { isLowStock } from '../product-format';
import { formatCount } from '@/client/lib/format-amount';

const FILE_STATUS: Record<string, { color: string; text: string }> = {
  pending: { color: 'processing', text: 'Processing file' },
  processing: { color: 'processing', text: 'Processing file' },
  ready: { color: 'success', text: 'File ready' },
  failed: { color: 'error', text: 'File failed' },
};

/** Stock of a physical product (sold out / low badges) or the state of a digital product's file. */
export function StockCell({ product }: { product: OwnProduct }) {
  if (product.type === 'digital') {
    const state = product.digitalFile ? FILE_STATUS[product.digitalFile.status] : { color: 'warning', text: 'No file' };
    return <Tag color={state.color} title={product.digitalFile?.failureReason ?? undefined}>{state.text}</Tag>;
  }
  const stock = product.stock ?? 0;
  return (
    <Space size={4} wrap>
      <Typography.Text>{formatCount(stock)}</Typography.Text>
      {stock <= 0 ? <Tag color="red">Sold out</Tag> : isLowStock(product) ? <Tag color="orange">Low stock</Tag> : null}
    </Space>
  );
}

export function StatusTag({ status }: { status: OwnProduct['status'] }) {
  return status === 'active' ? <Tag color="green">Published</Tag> : <Tag>Draft</Tag>;
}
