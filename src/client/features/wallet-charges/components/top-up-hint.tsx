import Link from 'next/link';
import { Alert } from 'antd';
import { formatTokens } from '@/client/lib/format-amount';

/** A 402 (or a balance that is visibly short): how much is missing and where to top up. */
export function TopUpHint({ missing }: { missing: number }) {
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      message={`You need ${formatTokens(missing)} more`}
      description={<Link href="/wallet">Top up your wallet</Link>}
    />
  );
}
