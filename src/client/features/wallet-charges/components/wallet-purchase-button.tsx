import { useState, type CSSProperties } from 'react';
import { Button, Flex, Modal, Typography } from 'antd';
import { UnlockOutlined } from '@ant-design/icons';
import { formatTokens } from '@/client/lib/format-amount';
import { newIdempotencyKey } from '@/client/lib/idempotency-key';
import { getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { balanceReported } from '@/client/features/user/user.slice';
import { missingAmountOf } from '../charge-errors';
import { sendToLogin } from '../send-to-login';
import { TopUpHint } from './top-up-hint';

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
 * "Unlock for N tokens": a confirmation with the price and the wallet's balance, then the wallet
 * charge. A short wallet shows how much is missing with a top-up link (from the 402's
 * `missingAmount`, or at once when the balance visibly falls short); the new balance goes to the
 * header. A signed-out visitor goes to sign in first and comes back.
 */
export function WalletPurchaseButton<T extends { balance: number }>({
  price, title, note, done, buy, onBought, onAlreadyBought, size, style,
}: WalletPurchaseButtonProps<T>) {
  const loggedIn = useAppSelector((s) => s.auth.loggedIn);
  const balance = useAppSelector((s) => s.user.current.balance);
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(false);
  const [paying, setPaying] = useState(false);
  const [missing, setMissing] = useState<number | null>(null);
  const [key, setKey] = useState(newIdempotencyKey);

  const start = () => {
    if (!loggedIn) {
      sendToLogin();
      return;
    }
    setMissing(null);
    setKey(newIdempotencyKey());
    setOpen(true);
  };

  const pay = async () => {
    setPaying(true);
    try {
      const res = await buy(key);
      dispatch(balanceReported({ balance: res.data.balance }));
      toast.success(done);
      setOpen(false);
      onBought(res.data);
    } catch (err) {
      const short = missingAmountOf(err);
      if (short !== null) setMissing(short);
      else {
        toast.error(getErrorMessage(err));
        if ((err as { statusCode?: number } | null)?.statusCode === 409) {
          setOpen(false);
          onAlreadyBought();
        }
      }
    } finally {
      setPaying(false);
    }
  };

  const shortBy = Math.round((price - balance) * 100) / 100;
  const visiblyShort = missing ?? (shortBy > 0 ? shortBy : null);

  return (
    <>
      <Button type="primary" size={size} icon={<UnlockOutlined />} onClick={start} style={style}>
        Unlock for {formatTokens(price)}
      </Button>
      <Modal
        open={open}
        title={title}
        okText={`Pay ${formatTokens(price)}`}
        onOk={pay}
        okButtonProps={{ loading: paying, disabled: missing !== null }}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Flex vertical gap={8}>
          <Typography.Text>
            Price: <strong>{formatTokens(price)}</strong>
          </Typography.Text>
          <Typography.Text>
            Your balance: <strong>{formatTokens(balance)}</strong>
          </Typography.Text>
          <Typography.Text type="secondary">{note}</Typography.Text>
          {visiblyShort !== null ? <TopUpHint missing={visiblyShort} /> : null}
        </Flex>
      </Modal>
    </>
  );
}
