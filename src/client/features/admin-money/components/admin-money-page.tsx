import { Flex, Tabs } from 'antd';
import { useRouter } from 'next/router';
import { AdminPageHeader } from '@/client/components/admin-page-header';
import { PaymentsTab } from './payments-tab';
import { StatementTab } from './statement-tab';
import { TransactionsTab } from './transactions-tab';

export const MONEY_TABS = [
  { key: 'transactions', label: 'Transactions' },
  { key: 'payments', label: 'Card payments' },
  { key: 'statement', label: 'Statement' },
] as const;
type TabKey = (typeof MONEY_TABS)[number]['key'];

/**
 * /admin/money: the money console. The open tab is `?tab=` (Transactions, the first, stays out of
 * the URL); switching tabs drops the other tab's filters and page, since they mean other things.
 */
export function AdminMoneyPage() {
  const router = useRouter();
  const raw = Array.isArray(router.query.tab) ? router.query.tab[0] : router.query.tab;
  const tab: TabKey = MONEY_TABS.some((t) => t.key === raw) ? (raw as TabKey) : 'transactions';
  const open = (key: string) => {
    void router.push({ pathname: router.pathname, query: key === 'transactions' ? {} : { tab: key } }, undefined, { shallow: true, scroll: false });
  };
  const content = { transactions: <TransactionsTab />, payments: <PaymentsTab />, statement: <StatementTab /> };

  return (
    <Flex vertical gap={8}>
      <AdminPageHeader
        title="Money"
        description="Every movement of money: find a transaction or card payment, refund it, export it, or read any account's statement."
      />
      <Tabs
        activeKey={tab}
        onChange={open}
        items={MONEY_TABS.map((t) => ({ key: t.key, label: t.label, children: t.key === tab ? content[t.key] : null }))}
      />
    </Flex>
  );
}
