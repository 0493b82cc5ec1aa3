import { Avatar, Card, Col, DatePicker, Empty, Flex, Row, Segmented, Select, Statistic, Table, Tag, Typography, type TableProps } from 'antd';
import dayjs from 'dayjs';
import {
  EARNING_PERIODS, EARNING_TYPE_LABELS, EARNING_TYPES, earningRoutes, type Earning, type EarningPeriod, type EarningSearchQuery, type EarningType,
} from '@/common/contract/earnings';
import { formatTokens } from '@/client/features/content/format-tokens';
import { useRouteData } from '@/client/hooks/use-route-data';
import { ListError } from '@/client/components/list-error';
import { ListPager } from '@/client/components/list-pager';
import { useQueryList } from '@/client/hooks/use-query-list';
import { EarningsChart } from './earnings-chart';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(values: readonly T[], value: string | undefined) => ((values as readonly string[]).includes(value ?? '') ? (value as T) : undefined);
const dateOf = (value: string | undefined) => (value && DATE.test(value) ? value : undefined);
const PERIOD_LABELS: Record<EarningPeriod, string> = { day: 'Daily', week: 'Weekly', month: 'Monthly' };

/** /creator/earning: totals, balances, a chart per period and the list of sales. */
export function EarningsPage() {
  const list = useQueryList({ pageSize: 10, sortBy: 'createdAt' });
  const type = oneOf(EARNING_TYPES, list.filters.type);
  const period = oneOf(EARNING_PERIODS, list.filters.period) ?? 'day';
  const fromDate = dateOf(list.filters.fromDate);
  const toDate = dateOf(list.filters.toDate);
  const range = { ...(fromDate ? { fromDate } : {}), ...(toDate ? { toDate } : {}) };

  const stats = useRouteData(earningRoutes.stats, { ...range, period });
  const query: EarningSearchQuery = {
    offset: list.params.offset, limit: list.params.limit, sort: list.sort,
    sortBy: oneOf(['createdAt', 'gross', 'net'] as const, list.sortBy) ?? 'createdAt',
    ...range, ...(type ? { type } : {}),
  };
  const sales = useRouteData(earningRoutes.search, query);
  const s = stats.data?.data;
  const page = sales.data?.data;

  const cards: [string, number | undefined, string?][] = [
    ['Gross', s?.totals.gross, 'What fans paid'],
    ['Commission', s?.totals.commission, 'The platform\'s share'],
    ['Net', s?.totals.net, 'What you earned'],
    ['Available', s?.balances.available, 'Can be paid out'],
    ['Reserved', s?.balances.reserved, 'In a pending payout'],
    ['Paid out', s?.balances.paidOut, 'Sent to you so far'],
  ];

  const sorted = (key: string) => (query.sortBy === key ? (list.sort === 'asc' ? 'ascend' : 'descend') : null);
  const columns: TableProps<Earning>['columns'] = [
    { key: 'createdAt', title: 'Date', sorter: true, sortOrder: sorted('createdAt'), render: (_, e) => new Date(e.createdAt).toLocaleString('en-US') },
    { key: 'type', title: 'Type', render: (_, e) => <Tag>{EARNING_TYPE_LABELS[e.type]}</Tag> },
    {
      key: 'user', title: 'Fan',
      render: (_, e) => e.user ? (
        <Flex gap={8} align="center"><Avatar src={e.user.avatar || undefined} size="small" />{e.user.name}</Flex>
      ) : <Typography.Text type="secondary">Deleted account</Typography.Text>,
    },
    { key: 'gross', title: 'Gross', sorter: true, sortOrder: sorted('gross'), render: (_, e) => formatTokens(e.gross) },
    { key: 'commission', title: 'Commission', render: (_, e) => formatTokens(e.commission) },
    {
      key: 'net', title: 'Net', sorter: true, sortOrder: sorted('net'),
      render: (_, e) => (e.refunded ? <Typography.Text delete>{formatTokens(e.net)}</Typography.Text> : formatTokens(e.net)),
    },
    { key: 'refunded', title: '', render: (_, e) => (e.refunded ? <Tag color="red">Refunded</Tag> : null) },
  ];

  const onTableChange: TableProps<Earning>['onChange'] = (_p, _f, sorter) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    if (!one?.order) list.update({ sortBy: undefined, sort: undefined, current: 1 });
    else list.update({ sortBy: String(one.columnKey), sort: one.order === 'ascend' ? 'asc' : 'desc', current: 1 });
  };

  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Title level={2} style={{ margin: 0 }}>Earnings</Typography.Title>
        <Typography.Text type="secondary">Your sales, net of the platform&apos;s commission. Refunded sales are marked and count zero.</Typography.Text>
      </div>
      <Flex gap={8} wrap>
        <DatePicker.RangePicker
          aria-label="Date range"
          allowEmpty={[true, true]}
          value={[fromDate ? dayjs(fromDate) : null, toDate ? dayjs(toDate) : null]}
          onChange={(values) => list.setFilter({ fromDate: values?.[0]?.format('YYYY-MM-DD'), toDate: values?.[1]?.format('YYYY-MM-DD') })}
        />
        <Select
          aria-label="Type"
          style={{ width: 170 }}
          value={type ?? ''}
          onChange={(v) => list.setFilter({ type: v })}
          options={[{ value: '', label: 'All types' }, ...EARNING_TYPES.map((t: EarningType) => ({ value: t, label: EARNING_TYPE_LABELS[t] }))]}
        />
      </Flex>
      {stats.error && !s ? (
        <ListError error={stats.error} onRetry={() => void stats.mutate()} title="We could not load your earnings" />
      ) : (
        <>
          <Row gutter={[12, 12]}>
            {cards.map(([title, value, hint]) => (
              <Col key={title} xs={12} md={8} xl={4}>
                <Card size="small" loading={!s}>
                  <Statistic title={title} value={value ?? 0} precision={2} suffix="tokens" />
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>{hint}</Typography.Text>
                </Card>
              </Col>
            ))}
          </Row>
          <Card
            title="Net earnings"
            extra={<Segmented<EarningPeriod> aria-label="Period" value={period} onChange={(v) => list.setFilter({ period: v === 'day' ? undefined : v })} options={EARNING_PERIODS.map((p) => ({ value: p, label: PERIOD_LABELS[p] }))} />}
            loading={!s}
          >
            {s ? <EarningsChart series={s.series} period={s.period} /> : null}
          </Card>
        </>
      )}
      <Card title="Sales">
        {sales.error && !page ? (
          <ListError error={sales.error} onRetry={() => void sales.mutate()} />
        ) : (
          <Table<Earning>
            rowKey="_id"
            columns={columns}
            dataSource={page?.data}
            loading={!page}
            pagination={false}
            onChange={onTableChange}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: <Empty description={type || fromDate || toDate ? 'No sales match.' : 'No sales yet. Tips, purchases and subscriptions will show here.'} /> }}
            aria-label="Sales"
          />
        )}
        {page ? <ListPager current={list.current} pageSize={list.pageSize} total={page.total} onChange={list.setPage} /> : null}
      </Card>
    </Flex>
  );
}
