import { Card, Flex, Statistic, Typography } from 'antd';
import { WalletOutlined } from '@ant-design/icons';
import Link from 'next/link';
import { useAppSelector } from '@/client/store/hooks';
import { TestModeBanner } from './test-mode-banner';
import { TopUpForm } from './top-up-form';

/** /wallet: my balance, the TEST MODE notice when the sandbox takes payments, and the top-up form. */
export function WalletPage() {
  const balance = useAppSelector((s) => s.user.current.balance);
  return (
    <Flex vertical gap={16} style={{ maxWidth: 640 }}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        Wallet
      </Typography.Title>
      <Card>
        <Statistic title="Balance" value={balance} precision={2} suffix="tokens" prefix={<WalletOutlined />} />
      </Card>
      <TestModeBanner />
      <Card title="Top up">
        <TopUpForm />
      </Card>
      <Typography.Text type="secondary">
        See <Link href="/user/payment-history">payment history</Link> and <Link href="/user/payment-cards">saved cards</Link>.
      </Typography.Text>
    </Flex>
  );
}
