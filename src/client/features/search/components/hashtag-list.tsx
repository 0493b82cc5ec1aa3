import Link from 'next/link';
import { List, Typography } from 'antd';
import { NumberOutlined } from '@ant-design/icons';
import type { HashtagResult } from '@/common/contract/search';
import { searchHref } from '../search-query';
import { formatCount } from '@/client/lib/format-amount';

/** Hashtags with how many posts carry them; each opens its posts. */
export function HashtagList({ hashtags }: { hashtags: HashtagResult[] }) {
  return (
    <List
      aria-label="Hashtags"
      bordered
      dataSource={hashtags}
      renderItem={(h) => (
        <List.Item>
          <Link href={searchHref(`#${h.tag}`, 'posts')}>
            <NumberOutlined aria-hidden /> {h.tag}
          </Link>
          <Typography.Text type="secondary">
            {formatCount(h.posts)} {h.posts === 1 ? 'post' : 'posts'}
          </Typography.Text>
        </List.Item>
      )}
    />
  );
}
