import { Button, Flex, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import type { AccessLevel } from '@/common/contract/content';
import { formatTokens } from '../format-tokens';

export interface UnlockPromptProps {
  access: AccessLevel;
  price: number;
  /** The creator's page, where the subscribe box is. */
  performerHref: string;
  compact?: boolean;
}

/**
 * The call to action on a locked item: subscribe (subscribers-only) or buy for its price. Paying
 * arrives with the wallet and payments work; until then the buttons say so and do nothing.
 */
export function UnlockPrompt({ access, price, performerHref, compact }: UnlockPromptProps) {
  const forSale = access === 'sale';
  const title = forSale ? `Unlock for ${formatTokens(price)}` : 'Subscribe to unlock';
  const text = forSale ? 'Buy this once and keep access.' : 'Subscribers see all of this creator\'s subscriber content.';
  return (
    <Flex vertical align="center" gap={compact ? 4 : 8} style={{ textAlign: 'center' }}>
      <LockOutlined style={{ fontSize: compact ? 20 : 28 }} aria-hidden />
      <Typography.Text strong style={{ color: 'inherit' }}>{title}</Typography.Text>
      {compact ? null : <Typography.Text style={{ color: 'inherit', opacity: 0.85 }}>{text}</Typography.Text>}
      {compact ? null : forSale ? (
        // Disabled antd buttons are grey on grey: over the dark preview the text must stay readable.
        <Button disabled title="Purchases open with the wallet" style={{ color: 'inherit', background: 'rgba(255,255,255,0.14)', borderColor: 'rgba(255,255,255,0.55)' }}>
          Purchases open soon
        </Button>
      ) : (
        <Button type="primary" href={`${performerHref}#subscribe`}>
          See subscription options
        </Button>
      )}
    </Flex>
  );
}
