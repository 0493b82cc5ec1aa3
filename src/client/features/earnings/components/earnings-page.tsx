import { Avatar, Card, Col, DatePicker, Flex, Row, Segmented, Select, Tag, Typography, type TableProps } from 'antd';
import dayjs from 'dayjs';
import {
  EARNING_PERIODS, EARNING_TYPE_LABELS, EARNING_TYPES, earningRoutes, type Earning, type EarningPeriod, type EarningSearchQuery, type EarningType,
} from '@/common/contract/earnings';
import { formatAmount, formatTokens } from '@/client/lib/format-amount';
import { useRouteData } from '@/client/hooks/use-route-data';
import { ListError } from '@/client/components/list-error';
import { ListPager } from '@/client/components/list-pager';
import { RelativeTime } from '@/client/components/relative-time';
import { ResponsiveList } from '@/client/components/responsive-list';
import { StatFigure } from '@/client/components/stat-figure';
import { useQueryList } from '@/client/hooks/use-query-list';
import { formatDate } from '@/client/lib/format-date';
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
  const fan = (e: Earning) => (e.user ? (
    <Flex gap={8} align="center"><Avatar src={e.user.avatar || undefined} alt="" size="small" />{e.user.name}</Flex>
  ) : <Typography.Text type="secondary">Deleted account</Typography.Text>);
  const net = (e: Earning) => (e.refunded ? <Typography.Text delete>{formatTokens(e.net)}</Typography.Text> : formatTokens(e.net));
  const kind = (e: Earning) => (
    <Flex gap={4} wrap>
      <Tag>{EARNING_TYPE_LABELS[e.type]}</Tag>
      {e.refunded ? <Tag color="red">Refunded</Tag> : null}
    </Flex>
  );
  // Amounts stay on one line and line up on the right; the other cells may wrap.
  const amount = { align: 'right' as const, onCell: () => ({ style: { whiteSpace: 'nowrap' as const } }) };
  const columns: TableProps<Earning>['columns'] = [
    { key: 'createdAt', title: 'Date', sorter: true, sortOrder: sorted('createdAt'), onCell: () => ({ style: { whiteSpace: 'nowrap' } }), render: (_, e) => <RelativeTime value={e.createdAt} /> },
    { key: 'type', title: 'Type', render: (_, e) => kind(e) },
    { key: 'user', title: 'Fan', render: (_, e) => fan(e) },
    { key: 'gross', title: 'Gross', sorter: true, sortOrder: sorted('gross'), ...amount, render: (_, e) => formatTokens(e.gross) },
    { key: 'commission', title: 'Commission', ...amount, render: (_, e) => formatTokens(e.commission) },
    { key: 'net', title: 'Net', sorter: true, sortOrder: sorted('net'), ...amount, render: (_, e) => net(e) },
  ];
  const card = (e: Earning) => (
    <Flex vertical gap={6}>
      <Flex justify="space-between" align="start" gap={8}>
        {kind(e)}
        <strong style={{ whiteSpace: 'nowrap' }}>{net(e)}</strong>
      </Flex>
      {fan(e)}
      <Typography.Text type="secondary">
        <RelativeTime value={e.createdAt} /> · gross {formatTokens(e.gross)}, commission {formatTokens(e.commission)}
      </Typography.Text>
    </Flex>
  );

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
              // Six figures in a row only on wide screens; beside the studio's sidebar three, so they keep one line.
              <Col key={title} xs={12} md={8} xxl={4}>
                <StatFigure title={`${title} (tokens)`} value={formatAmount(value ?? 0)} note={hint} loading={!s} />
              </Col>
            ))}
          </Row>
          <Card title="Net earnings" loading={!s}>
            {/* In the body, not the card's header, where a phone would cut the title to make room. */}
            <Flex justify="end" style={{ marginBottom: 12 }}>
              <Segmented<EarningPeriod> aria-label="Period" value={period} onChange={(v) => list.setFilter({ period: v === 'day' ? undefined : v })} options={EARNING_PERIODS.map((p) => ({ value: p, label: PERIOD_LABELS[p] }))} />
            </Flex>
            {s ? <EarningsChart series={s.series} period={s.period} /> : null}
          </Card>
        </>
      )}
      <Card title="Sales">
        <ResponsiveList<Earning>
          items={page?.data}
          error={sales.error}
          onRetry={() => void sales.mutate()}
          rowKey="_id"
          label="Sales"
          columns={columns}
          onTableChange={onTableChange}
          renderCard={card}
          cardLabel={(e) => `${EARNING_TYPE_LABELS[e.type]} ${formatDate(e.createdAt, { withTime: true })}`}
          empty={type || fromDate || toDate ? 'No sales match.' : 'No sales yet. Tips, purchases and subscriptions will show here.'}
        />
        {page ? <ListPager current={list.current} pageSize={list.pageSize} total={page.total} onChange={list.setPage} /> : null}
      </Card>
    </Flex>
  );
}
