import { useState } from 'react';
import { Button, Card, Descriptions, Flex, Skeleton, Tag, Typography } from 'antd';
import Link from 'next/link';
import { ListError } from '@/client/components/list-error';
import { getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { connectPayoutAccount } from '../payments.api';
import { usePayoutAccount } from '../use-payout-account';
import { TestModeBanner } from './test-mode-banner';
import { formatDate } from '@/client/lib/format-date';

const STATUS_COLORS = { enabled: 'green', pending: 'gold', restricted: 'red' } as const;

/**
 * /creator/banking: the payout account at the card gateway. Bank-transfer and PayPal details
 * are edited in Account settings (Payouts tab), linked from here.
 */
export function BankingPage() {
  const { data, error, mutate } = usePayoutAccount();
  const [connecting, setConnecting] = useState(false);
  const state = data?.data;

  async function connect() {
    if (!state) return;
    setConnecting(true);
    try {
      const { data: account } = await connectPayoutAccount(state.gateway);
      // Stripe Connect: the creator finishes the set-up (identity, bank) on Stripe's pages, then comes back here.
      if (account.onboardingUrl) {
        window.location.assign(account.onboardingUrl);
        return;
      }
      toast.success('Payout account connected');
      await mutate();
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setConnecting(false);
    }
  }

  let body;
  if (error && !state) body = <ListError error={error} onRetry={() => void mutate()} title="We could not load your payout account" />;
  else if (!state) body = <Skeleton active />;
  else if (!state.account) {
    body = (
      <Flex vertical gap={12} align="start">
        <Typography.Text>No payout account is connected yet. Connect one to receive your earnings through the card gateway.</Typography.Text>
        <Button type="primary" loading={connecting} onClick={() => void connect()}>
          Connect payout account
        </Button>
      </Flex>
    );
  } else {
    body = (
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label="Gateway">{state.account.gateway}</Descriptions.Item>
        <Descriptions.Item label="Account">{state.account.accountId}</Descriptions.Item>
        <Descriptions.Item label="Status">
          <Tag color={STATUS_COLORS[state.account.status]}>{state.account.status}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="Connected">{formatDate(state.account.createdAt)}</Descriptions.Item>
      </Descriptions>
    );
    if (state.account.status !== 'enabled') {
      body = (
        <Flex vertical gap={12} align="start">
          {body}
          <Typography.Text>The gateway needs a few more details before it can send you money.</Typography.Text>
          <Button type="primary" loading={connecting} onClick={() => void connect()}>
            Finish set-up
          </Button>
        </Flex>
      );
    }
  }

  return (
    <Flex vertical gap={16} style={{ maxWidth: 720 }}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        Banking
      </Typography.Title>
      <TestModeBanner compact />
      <Card title="Payout account">{body}</Card>
      <Card title="Bank transfer and PayPal">
        <Typography.Text>
          Your bank account and PayPal details for payouts are in <Link href="/creator/account">Account settings → Payouts</Link>.
        </Typography.Text>
      </Card>
    </Flex>
  );
}
