import { Tag } from 'antd';
import type { Stream } from '@/common/contract/streaming';
import { formatTokens } from '@/client/lib/format-amount';

/** Who may watch: Free (signed in), Subscribers, or the ticket price. */
export function streamAccessLabel(stream: Pick<Stream, 'access' | 'price'>): string {
  if (stream.access === 'sale') return formatTokens(stream.price);
  return stream.access === 'subscribers' ? 'Subscribers' : 'Free';
}

export function StreamAccessTag({ stream }: { stream: Pick<Stream, 'access' | 'price'> }) {
  const color = stream.access === 'sale' ? 'gold' : stream.access === 'subscribers' ? 'purple' : 'green';
  return <Tag color={color}>{streamAccessLabel(stream)}</Tag>;
}

/** The red LIVE badge. */
export function LiveTag() {
  return (
    <Tag color="red" style={{ fontWeight: 700 }}>
      LIVE
    </Tag>
  );
}
