import Link from 'next/link';
import { Avatar, Card, Flex, Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CHARGE_TYPES, type ChargeType, type WalletCharge } from '@/common/contract/wallet-charges';
import { formatTokens } from '@/client/lib/format-amount';
import { useQueryList } from '@/client/hooks/use-query-list';
import { ListPager } from '@/client/components/list-pager';
import { RelativeTime } from '@/client/components/relative-time';
import { ResponsiveList } from '@/client/components/responsive-list';
import { CHARGE_TYPE_LABELS } from '../charge-labels';
import { useMyCharges } from '../use-my-charges';

/** Where the thing paid for lives, when it has a page. */
function objectHref(c: WalletCharge): string | null {
  if (!c.objectId) return null;
  if (c.type === 'feed') return `/post/${c.objectId}`;
  if (c.type === 'video') return `/video/${c.objectId}`;
  if (c.type === 'gallery') return `/gallery/${c.objectId}`;
  if (c.type === 'product') return `/product/${c.objectId}`;
  return null;
}

function TypeCell({ charge: c }: { charge: WalletCharge }) {
  const href = objectHref(c);
  const label = CHARGE_TYPE_LABELS[c.type] ?? c.type;
  return (
    <Space size={4} wrap>
      {href ? <Link href={href}>{label}</Link> : label}
      {c.refunded ? <Tag color="green">Refunded</Tag> : null}
    </Space>
  );
}

function CreatorCell({ charge: c }: { charge: WalletCharge }) {
  if (!c.performer) return <Typography.Text type="secondary">Deleted account</Typography.Text>;
  return (
    <Link href={`/${c.performer.username || c.performer._id}`}>
      <Space size={8}>
        <Avatar src={c.performer.avatar} size="small" alt="" />
        {c.performer.name}
      </Space>
    </Link>
  );
}

const message = (c: WalletCharge) => (c.message ? <Typography.Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{c.message}</Typography.Text> : null);

const columns: ColumnsType<WalletCharge> = [
  { title: 'Date', key: 'createdAt', render: (_, c) => <RelativeTime value={c.createdAt} /> },
  { title: 'Type', key: 'type', render: (_, c) => <TypeCell charge={c} /> },
  { title: 'Creator', key: 'performer', render: (_, c) => <CreatorCell charge={c} /> },
  { title: 'Message', key: 'message', render: (_, c) => message(c) },
  { title: 'Amount', key: 'amount', align: 'right', onCell: () => ({ style: { whiteSpace: 'nowrap' } }), render: (_, c) => formatTokens(c.amount) },
];

/** A charge on a phone: what and how much first, then who, the message and when. */
const card = (c: WalletCharge) => (
  <Flex vertical gap={6}>
    <Flex justify="space-between" align="start" gap={8}>
      <TypeCell charge={c} />
      <strong style={{ whiteSpace: 'nowrap' }}>{formatTokens(c.amount)}</strong>
    </Flex>
    <CreatorCell charge={c} />
    {message(c)}
    <Typography.Text type="secondary"><RelativeTime value={c.createdAt} /></Typography.Text>
  </Flex>
);

/** /user/wallet-transactions: what I spent from my wallet, filterable by type, paged in the URL. */
export function WalletTransactionsPage() {
  const list = useQueryList({ sortBy: 'createdAt' });
  const type = CHARGE_TYPES.includes(list.filters.type as ChargeType) ? list.filters.type : undefined;
  const { data, error, mutate } = useMyCharges({ offset: list.params.offset, limit: list.params.limit, type });
  const page = data?.data;

  return (
    <Card title={<Typography.Title level={3} style={{ margin: 0 }}>Token spending</Typography.Title>}>
      <Flex vertical gap={16}>
        <Flex gap={8} align="center" wrap>
          <Typography.Text>Type</Typography.Text>
          <Select<string>
            aria-label="Type"
            style={{ minWidth: 180 }}
            allowClear
            placeholder="All types"
            value={type}
            onChange={(value) => list.setFilter({ type: value })}
            options={CHARGE_TYPES.map((t) => ({ value: t, label: CHARGE_TYPE_LABELS[t] }))}
          />
        </Flex>
        <ResponsiveList<WalletCharge>
          items={page?.data}
          error={error}
          onRetry={() => void mutate()}
          errorTitle="We could not load your spending"
          rowKey="_id"
          label="Token spending"
          columns={columns}
          renderCard={card}
          cardLabel={(c) => `${CHARGE_TYPE_LABELS[c.type] ?? c.type}, ${formatTokens(c.amount)}`}
          empty={type ? 'No charges of this type' : 'You have not spent any tokens yet'}
        />
        {page ? <ListPager current={list.current} pageSize={list.pageSize} total={page.total} onChange={list.setPage} pageSizeOptions={[10, 20, 50]} /> : null}
      </Flex>
    </Card>
  );
}
