import { Card, Empty, Flex, Radio, Typography, type TableProps } from 'antd';
import { adminMoneyRoutes, type LedgerAccount, type LedgerAccountKind, type StatementEntry } from '@/common/contract/admin-money';
import { ListError } from '@/client/components/list-error';
import { ListPager } from '@/client/components/list-pager';
import { QuerySearch } from '@/client/components/query-search';
import { ResponsiveList } from '@/client/components/responsive-list';
import { useRouteData } from '@/client/hooks/use-route-data';
import { routeUrl } from '@/client/lib/call-route';
import { formatDate } from '@/client/lib/format-date';
import { KIND_LABELS, personName } from '../refund-text';
import { useMoneyList } from '../use-money-list';
import { formatAmount, formatCount, formatTokens } from '@/client/lib/format-amount';

export const ACCOUNT_LABELS: Record<LedgerAccountKind, string> = {
  wallet: 'Wallet',
  earnings: 'Earnings',
  payout_reserve: 'Payout reserve',
  platform_revenue: 'Platform revenue',
  gateway_clearing: 'Gateway clearing',
};

const accountLabel = (a: LedgerAccount) => (a.owner ? `${personName(a.owner, 'User')} · ${ACCOUNT_LABELS[a.kind]}` : ACCOUNT_LABELS[a.kind]);
const signed = (n: number) => `${n > 0 ? '+' : ''}${formatAmount(n)}`;

/**
 * A statement of one ledger account: pick a user (username or id) to see their wallet, earnings and
 * payout reserve, or one of the platform's two accounts; the entries come newest first with the
 * balance right after each (computed by the API over all entries, so pages agree).
 */
export function StatementTab() {
  const { list, page } = useMoneyList();
  const user = list.filters.user?.trim() || undefined;
  const accounts = useRouteData(adminMoneyRoutes.accounts, user ? { user } : {});
  const found = accounts.data?.data;
  const chosen = found?.accounts.find((a) => a._id === list.filters.account) ?? found?.accounts[0];
  const route = { ...adminMoneyRoutes.statement, url: chosen ? routeUrl(adminMoneyRoutes.statement.url, { id: chosen._id }) : adminMoneyRoutes.statement.url };
  const entries = useRouteData(route, chosen ? page : null);
  const statement = entries.data?.data;

  const columns: TableProps<StatementEntry>['columns'] = [
    { key: 'createdAt', title: 'Date', render: (_, e) => formatDate(e.createdAt, { withTime: true }) },
    {
      key: 'kind', title: 'Transaction',
      render: (_, e) => (
        <Flex vertical>
          <span>{KIND_LABELS[e.kind]}</span>
          {e.description ? <Typography.Text type="secondary" style={{ fontSize: 12 }}>{e.description}</Typography.Text> : null}
        </Flex>
      ),
    },
    {
      key: 'amount', title: 'Amount', align: 'right',
      render: (_, e) => <Typography.Text type={e.amount < 0 ? 'danger' : 'success'}>{signed(e.amount)}</Typography.Text>,
    },
    { key: 'balanceAfter', title: 'Balance after', align: 'right', render: (_, e) => formatAmount(e.balanceAfter) },
  ];

  const card = (e: StatementEntry) => (
    <Flex justify="space-between" gap={8}>
      <Flex vertical>
        <strong>{KIND_LABELS[e.kind]}</strong>
        <Typography.Text type="secondary">{formatDate(e.createdAt, { withTime: true })}</Typography.Text>
      </Flex>
      <Flex vertical align="flex-end">
        <Typography.Text type={e.amount < 0 ? 'danger' : 'success'}>{signed(e.amount)}</Typography.Text>
        <Typography.Text type="secondary">balance {formatAmount(e.balanceAfter)}</Typography.Text>
      </Flex>
    </Flex>
  );

  let body;
  if (accounts.error && !found) body = <ListError error={accounts.error} onRetry={() => void accounts.mutate()} title="We could not find these accounts" />;
  else if (!found) body = <Card loading />;
  else if (!chosen) body = <Empty description={user ? 'This user has no ledger account yet: no money has moved for them.' : 'No money has moved on the platform yet.'} />;
  else {
    body = (
      <Flex vertical gap={12}>
        <Radio.Group
          aria-label="Account"
          value={chosen._id}
          onChange={(e) => list.setFilter({ account: e.target.value as string })}
          optionType="button"
          options={found.accounts.map((a) => ({ value: a._id, label: `${accountLabel(a)}: ${formatAmount(a.balance)}` }))}
        />
        <Typography.Text>
          <strong>{accountLabel(chosen)}</strong> balance: {formatTokens(chosen.balance)}
          {statement ? <Typography.Text type="secondary"> · {formatCount(statement.total)} entries</Typography.Text> : null}
        </Typography.Text>
        <ResponsiveList<StatementEntry>
          items={statement?.data}
          error={entries.error}
          onRetry={() => void entries.mutate()}
          rowKey="_id"
          label="Entries"
          columns={columns}
          tableProps={{ size: 'middle' }}
          renderCard={card}
          cardLabel={(e) => `${KIND_LABELS[e.kind]} ${e._id}`}
          empty="No entries."
        />
        {statement ? <ListPager current={list.current} pageSize={list.pageSize} total={statement.total} onChange={list.setPage} /> : null}
      </Flex>
    );
  }

  return (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap align="center">
        <QuerySearch
          label="Account holder"
          placeholder="Username or id (empty: the platform's accounts)"
          style={{ width: 340, maxWidth: '100%' }}
          value={user}
          onSearch={(value) => list.setFilter({ user: value, account: undefined })}
        />
        {found?.user ? <Typography.Text type="secondary">Showing {personName(found.user, 'this user')}</Typography.Text> : null}
      </Flex>
      {body}
    </Flex>
  );
}
