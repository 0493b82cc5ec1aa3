import { Button, Flex, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import type { AccessLevel } from '@/common/contract/content';
import type { PurchasableType } from '@/common/contract/wallet-charges';
import { UnlockButton } from '@/client/features/wallet-charges/components/unlock-button';
import { formatTokens } from '@/client/lib/format-amount';

export interface UnlockPromptProps {
  access: AccessLevel;
  price: number;
  /** The creator's page, where the subscribe box is. */
  performerHref: string;
  compact?: boolean;
  /** What a for-sale item is, for its purchase; without it the buy button cannot be shown. */
  item?: { type: PurchasableType; id: string };
  /** After a purchase; by default every list and the page's own data reload. */
  onUnlocked?: () => void;
}

/**
 * The call to action on a locked item: subscribe (subscribers-only, on the creator's page) or
 * buy it for its price from the wallet (wallet-charges UnlockButton: confirm, pay, reload).
 */
export function UnlockPrompt({ access, price, performerHref, compact, item, onUnlocked }: UnlockPromptProps) {
  const forSale = access === 'sale';
  const title = forSale ? `Unlock for ${formatTokens(price)}` : 'Subscribe to unlock';
  const text = forSale ? 'Buy this once and keep access.' : 'Subscribers see all of this creator\'s subscriber content.';
  return (
    <Flex vertical align="center" gap={compact ? 4 : 8} style={{ textAlign: 'center' }}>
      <LockOutlined style={{ fontSize: compact ? 20 : 28 }} aria-hidden />
      {/* With a buy button, the button itself says "Unlock for N tokens". */}
      {forSale && item && !compact ? null : <Typography.Text strong style={{ color: 'inherit' }}>{title}</Typography.Text>}
      {compact ? null : <Typography.Text style={{ color: 'inherit', opacity: 0.85 }}>{text}</Typography.Text>}
      {compact ? null : forSale ? (
        item ? <UnlockButton item={item} price={price} onUnlocked={onUnlocked} /> : null
      ) : (
        <Button type="primary" href={`${performerHref}#subscribe`}>
          See subscription options
        </Button>
      )}
    </Flex>
  );
}
