import Link from 'next/link';
import { Avatar, Button, Card, Empty, Flex, Result, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ReloadOutlined } from '@ant-design/icons';
import { CHARGE_TYPES, type ChargeType, type WalletCharge } from '@/common/contract/wallet-charges';
import { formatTokens } from '@/client/features/content/format-tokens';
import { useQueryList } from '@/client/hooks/use-query-list';
import { getErrorMessage } from '@/client/lib/error-message';
import { CHARGE_TYPE_LABELS } from '../charge-labels';
import { useMyCharges } from '../use-my-charges';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Where the thing paid for lives, when it has a page. */
function objectHref(c: WalletCharge): string | null {
  if (!c.objectId) return null;
  if (c.type === 'feed') return `/post/${c.objectId}`;
  if (c.type === 'video') return `/video/${c.objectId}`;
  if (c.type === 'gallery') return `/gallery/${c.objectId}`;
  if (c.type === 'product') return `/product/${c.objectId}`;
  return null;
}

const columns: ColumnsType<WalletCharge> = [
  { title: 'Date', dataIndex: 'createdAt', key: 'createdAt', render: (v: string) => <time dateTime={v}>{dateFormat.format(new Date(v))}</time> },
  {
    title: 'Type',
    dataIndex: 'type',
    key: 'type',
    render: (_: unknown, c) => {
      const href = objectHref(c);
      const label = CHARGE_TYPE_LABELS[c.type] ?? c.type;
      return (
        <Space size={4} wrap>
          {href ? <Link href={href}>{label}</Link> : label}
          {c.refunded ? <Tag color="green">Refunded</Tag> : null}
        </Space>
      );
    },
  },
  {
    title: 'Creator',
    key: 'performer',
    render: (_: unknown, c) =>
      c.performer ? (
        <Link href={`/${c.performer.username || c.performer._id}`}>
          <Space size={8}>
            <Avatar src={c.performer.avatar} size="small" alt="" />
            {c.performer.name}
          </Space>
        </Link>
      ) : (
        <Typography.Text type="secondary">Deleted account</Typography.Text>
      ),
  },
  {
    title: 'Message',
    dataIndex: 'message',
    key: 'message',
    render: (v: string | null) => (v ? <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{v}</Typography.Text> : null),
  },
  { title: 'Amount', dataIndex: 'amount', key: 'amount', align: 'right', render: (v: number) => formatTokens(v) },
];

/** /user/wallet-transactions: what I spent from my wallet, filterable by type, paged in the URL. */
export function WalletTransactionsPage() {
  const list = useQueryList({ sortBy: 'createdAt' });
  const type = CHARGE_TYPES.includes(list.filters.type as ChargeType) ? list.filters.type : undefined;
  const { data, error, isLoading, mutate } = useMyCharges({ offset: list.params.offset, limit: list.params.limit, type });
  const rows = data?.data.data ?? [];
  const total = data?.data.total ?? 0;

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
        {error ? (
          <Result
            status="warning"
            title="We could not load your spending"
            subTitle={getErrorMessage(error)}
            extra={<Button icon={<ReloadOutlined />} onClick={() => void mutate()}>Try again</Button>}
          />
        ) : (
          <Table<WalletCharge>
            rowKey="_id"
            columns={columns}
            dataSource={rows}
            loading={isLoading}
            scroll={{ x: true }}
            locale={{ emptyText: <Empty description={type ? 'No charges of this type' : 'You have not spent any tokens yet'} /> }}
            pagination={{
              current: list.current,
              pageSize: list.pageSize,
              total,
              showSizeChanger: true,
              hideOnSinglePage: total <= 10,
              onChange: (current, pageSize) => list.setPage(current, pageSize),
            }}
          />
        )}
      </Flex>
    </Card>
  );
}
