import Link from 'next/link';
import { Card, Empty, List, Tag, Typography } from 'antd';
import type { DashboardContentItem, DashboardContentType } from '@/common/contract/creator-dashboard';

const TYPE_LABELS: Record<DashboardContentType, string> = { feed: 'Post', video: 'Video', gallery: 'Gallery', product: 'Product' };
const HREFS: Record<DashboardContentType, (id: string) => string> = {
  feed: (id) => `/post/${id}`,
  video: (id) => `/video/${id}`,
  gallery: (id) => `/gallery/${id}`,
  product: (id) => `/product/${id}`,
};

interface Props {
  title: string;
  items: DashboardContentItem[];
  /** How an item's value reads ("12.00 tokens", "7 likes"). */
  format: (value: number) => string;
  empty: string;
}

/** A short ranked list of the creator's content with its figure. */
export function TopContentCard({ title, items, format, empty }: Props) {
  return (
    <Card title={title} style={{ height: '100%' }}>
      {items.length ? (
        <List
          size="small"
          dataSource={items}
          renderItem={(item) => (
            <List.Item extra={<Typography.Text strong style={{ whiteSpace: 'nowrap' }}>{format(item.value)}</Typography.Text>}>
              <span style={{ display: 'flex', alignItems: 'center', gap: 8, minWidth: 0 }}>
                <Tag style={{ marginInlineEnd: 0 }}>{TYPE_LABELS[item.type]}</Tag>
                <Link href={HREFS[item.type](item._id)} style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                  {item.title}
                </Link>
              </span>
            </List.Item>
          )}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
      )}
    </Card>
  );
}
