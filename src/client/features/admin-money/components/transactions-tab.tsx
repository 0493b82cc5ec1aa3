import { useState } from 'react';
import { Button, Flex, Tag, Typography, type TableProps } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { adminMoneyRoutes, LEDGER_KIND_VALUES, type AdminTransaction } from '@/common/contract/admin-money';
import { ListPager } from '@/client/components/list-pager';
import { ResponsiveList } from '@/client/components/responsive-list';
import { useRouteData } from '@/client/hooks/use-route-data';
import { formatDate } from '@/client/lib/format-date';
import { getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { fetchTransactionsCsv, refundSale, saveFile } from '../admin-money.api';
import { KIND_LABELS, saleRefundConsequence } from '../refund-text';
import { useMoneyList } from '../use-money-list';
import { MoneyFilterBar } from './money-filters';
import { formatAmount, formatCount, formatTokens } from '@/client/lib/format-amount';
import { Person } from './person';
import { RefundDialog } from './refund-dialog';

const KIND_OPTIONS = [{ value: '', label: 'All kinds' }, ...LEDGER_KIND_VALUES.map((k) => ({ value: k, label: KIND_LABELS[k] }))];
const STATUS_OPTIONS = [{ value: '', label: 'Any status' }, { value: 'completed', label: 'Completed' }, { value: 'refunded', label: 'Refunded' }];

function Status({ t }: { t: AdminTransaction }) {
  if (t.refunded) return <Tag color="orange">Refunded</Tag>;
  if (t.kind === 'refund') return <Tag color="blue">Refund</Tag>;
  return <Tag>Completed</Tag>;
}

/** Transactions across all users: filters in the URL, a table (cards on phones), refunds and the CSV export. */
export function TransactionsTab() {
  const { list, transactionFilters: filters, page } = useMoneyList();
  const { data, error, mutate } = useRouteData(adminMoneyRoutes.transactions, { ...page, ...filters });
  const result = data?.data;
  const [refunding, setRefunding] = useState<AdminTransaction | null>(null);
  const [exporting, setExporting] = useState(false);
  const filtered = Object.keys(filters).length > 0;

  const exportCsv = async () => {
    setExporting(true);
    try {
      const csv = await fetchTransactionsCsv(filters);
      saveFile(csv, `transactions-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setExporting(false);
    }
  };

  const refundButton = (t: AdminTransaction) => t.refundable ? (
    <Button size="small" danger onClick={() => setRefunding(t)} aria-label={`Refund ${t._id}`}>Refund</Button>
  ) : null;

  const columns: TableProps<AdminTransaction>['columns'] = [
    { key: 'createdAt', title: 'Date', render: (_, t) => formatDate(t.createdAt, { withTime: true }) },
    {
      key: 'kind', title: 'Kind',
      render: (_, t) => (
        <Flex vertical>
          <span>{KIND_LABELS[t.kind]}</span>
          {t.description ? <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t.description}</Typography.Text> : null}
        </Flex>
      ),
    },
    { key: 'user', title: 'Payer', render: (_, t) => <Person user={t.user} /> },
    { key: 'performer', title: 'Creator', render: (_, t) => <Person user={t.performer} /> },
    { key: 'gross', title: 'Gross', align: 'right', render: (_, t) => formatAmount(t.gross) },
    { key: 'commission', title: 'Commission', align: 'right', render: (_, t) => formatAmount(t.commission) },
    { key: 'net', title: 'Net to creator', align: 'right', render: (_, t) => (t.net === null ? '—' : formatAmount(t.net)) },
    { key: 'status', title: 'Status', render: (_, t) => <Status t={t} /> },
    { key: 'actions', title: '', render: (_, t) => refundButton(t) },
  ];
  const card = (t: AdminTransaction) => (
    <Flex vertical gap={6}>
      <Flex justify="space-between" align="center" gap={8}>
        <strong>{KIND_LABELS[t.kind]} · {formatTokens(t.gross)}</strong>
        <Status t={t} />
      </Flex>
      <Typography.Text type="secondary">{formatDate(t.createdAt, { withTime: true })}{t.description ? ` · ${t.description}` : ''}</Typography.Text>
      <Flex gap={12} wrap><Person user={t.user} none="No payer" /><Person user={t.performer} none="No creator" /></Flex>
      {t.net !== null ? <Typography.Text type="secondary">Commission {formatAmount(t.commission)} · net to creator {formatAmount(t.net)}</Typography.Text> : null}
      {refundButton(t)}
    </Flex>
  );

  return (
    <Flex vertical gap={16}>
      <MoneyFilterBar
        list={list}
        values={filters}
        selects={[
          { key: 'kind', label: 'Kind', width: 170, options: KIND_OPTIONS },
          { key: 'status', label: 'Refund status', width: 150, options: STATUS_OPTIONS },
        ]}
        people={[{ key: 'userId', label: 'Payer' }, { key: 'performerId', label: 'Creator' }]}
      >
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportCsv()}>Export CSV</Button>
      </MoneyFilterBar>
      {result ? (
        <Typography.Text type="secondary">
          {formatCount(result.total)} {result.total === 1 ? 'transaction' : 'transactions'}; the export holds these, in this order.
        </Typography.Text>
      ) : null}
      <ResponsiveList<AdminTransaction>
        items={result?.data}
        error={error}
        onRetry={() => void mutate()}
        rowKey="_id"
        label="Transactions"
        columns={columns}
        tableProps={{ size: 'middle' }}
        renderCard={card}
        cardLabel={(t) => `${KIND_LABELS[t.kind]} ${t._id}`}
        empty={filtered ? 'No transaction matches these filters.' : 'No transactions yet.'}
      />
      {result ? <ListPager current={list.current} pageSize={list.pageSize} total={result.total} onChange={list.setPage} /> : null}
      {refunding ? (
        <RefundDialog
          title={`Refund this ${KIND_LABELS[refunding.kind].toLowerCase()} of ${formatTokens(refunding.gross)}?`}
          consequence={saleRefundConsequence(refunding)}
          okText="Refund"
          onRefund={(reason, key) => refundSale(refunding._id, reason, key)}
          onDone={() => {
            setRefunding(null);
            toast.success('Refunded');
            void mutate();
          }}
          onCancel={() => setRefunding(null)}
        />
      ) : null}
    </Flex>
  );
}
