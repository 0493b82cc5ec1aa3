import { useState, type CSSProperties } from 'react';
import dynamic from 'next/dynamic';
import { Button } from 'antd';
import { UnlockOutlined } from '@ant-design/icons';
import { formatTokens } from '@/client/lib/format-amount';
import { useOpenedOnce } from '@/client/hooks/use-opened-once';
import { useAppSelector } from '@/client/store/hooks';
import { sendToLogin } from '../send-to-login';
import type { WalletPurchaseDialogProps } from './wallet-purchase-dialog';

// The confirmation loads on the first "Unlock": a page of locked items carries a button each.
const WalletPurchaseDialog = dynamic(() => import('./wallet-purchase-dialog').then((m) => m.WalletPurchaseDialog), {
  ssr: false,
}) as <T extends { balance: number }>(props: WalletPurchaseDialogProps<T>) => React.ReactElement;

export interface WalletPurchaseButtonProps<T extends { balance: number }> {
  price: number;
  /** The modal's title ("Unlock this video"). */
  title: string;
  /** What paying gives, under the price and balance. */
  note: string;
  /** The toast once paid, saying what happened ("Video unlocked"). */
  done: string;
  /** The wallet charge, with one Idempotency-Key per attempt. */
  buy: (idempotencyKey: string) => Promise<{ data: T }>;
  onBought: (result: T) => void;
  /** A 409: bought already (another tab); show it unlocked. */
  onAlreadyBought: () => void;
  size?: 'small' | 'middle';
  style?: CSSProperties;
}

/**
 * "Unlock for N tokens": opens the confirmation with the price and the wallet's balance, then
 * the wallet charge (wallet-purchase-dialog.tsx). A signed-out visitor goes to sign in first and
 * comes back.
 */
export function WalletPurchaseButton<T extends { balance: number }>({ size, style, ...purchase }: WalletPurchaseButtonProps<T>) {
  const loggedIn = useAppSelector((s) => s.auth.loggedIn);
  const [open, setOpen] = useState(false);
  // Each opening mounts a new dialog: a new payment key and no shortfall left from the last try.
  const [opening, setOpening] = useState(0);
  const mounted = useOpenedOnce(open);

  const start = () => {
    if (!loggedIn) {
      sendToLogin();
      return;
    }
    setOpening((n) => n + 1);
    setOpen(true);
  };

  return (
    <>
      <Button type="primary" size={size} icon={<UnlockOutlined />} onClick={start} style={style}>
        Unlock for {formatTokens(purchase.price)}
      </Button>
      {mounted ? <WalletPurchaseDialog key={opening} {...purchase} open={open} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
