import type { PurchasableType } from '@/common/contract/wallet-charges';
import { useRevalidateContent } from '../use-revalidate-content';
import { buyItem } from '../wallet-charges.api';
import { WalletPurchaseButton } from './wallet-purchase-button';

const NOUN: Record<PurchasableType, string> = { feed: 'post', video: 'video', gallery: 'gallery' };
const UNLOCKED: Record<PurchasableType, string> = { feed: 'Post unlocked', video: 'Video unlocked', gallery: 'Gallery unlocked' };

export interface UnlockButtonProps {
  item: { type: PurchasableType; id: string };
  price: number;
  /** Called after a purchase; by default every list and the page's own data are reloaded. */
  onUnlocked?: () => void;
  style?: React.CSSProperties;
}

/** "Unlock for N tokens" on a locked post, video or gallery. */
export function UnlockButton({ item, price, onUnlocked, style }: UnlockButtonProps) {
  const revalidate = useRevalidateContent();
  const done = onUnlocked ?? revalidate;
  return (
    <WalletPurchaseButton
      price={price}
      title={`Unlock this ${NOUN[item.type]}`}
      note="Paid once from your wallet; you keep access."
      done={UNLOCKED[item.type]}
      buy={(key) => buyItem(item.type, item.id, key)}
      onBought={done}
      onAlreadyBought={done}
      style={style}
    />
  );
}
