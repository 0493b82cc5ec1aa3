import { useState } from 'react';
import { Flex, Modal, Typography } from 'antd';
import { formatTokens } from '@/client/lib/format-amount';
import { newIdempotencyKey } from '@/client/lib/idempotency-key';
import { getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { balanceReported } from '@/client/features/user/user.slice';
import { fromCents, toCents } from '@/common/lib/money';
import { missingAmountOf } from '../charge-errors';
import { TopUpHint } from './top-up-hint';
import type { WalletPurchaseButtonProps } from './wallet-purchase-button';

export type WalletPurchaseDialogProps<T extends { balance: number }> = Omit<WalletPurchaseButtonProps<T>, 'size' | 'style'> & {
  open: boolean;
  onClose: () => void;
};

/**
 * The confirmation of a wallet purchase: price, balance, what paying gives, then the charge with
 * one Idempotency-Key per opening (the caller mounts a new dialog each time). A short wallet shows
 * how much is missing with a top-up link (from the 402's `missingAmount`, or at once when the
 * balance visibly falls short); the new balance goes to the header.
 */
export function WalletPurchaseDialog<T extends { balance: number }>({
  price, title, note, done, buy, onBought, onAlreadyBought, open, onClose,
}: WalletPurchaseDialogProps<T>) {
  const balance = useAppSelector((s) => s.user.current.balance);
  const dispatch = useAppDispatch();
  const [paying, setPaying] = useState(false);
  const [missing, setMissing] = useState<number | null>(null);
  const [key] = useState(newIdempotencyKey);

  const pay = async () => {
    setPaying(true);
    try {
      const res = await buy(key);
      dispatch(balanceReported({ balance: res.data.balance }));
      toast.success(done);
      onClose();
      onBought(res.data);
    } catch (err) {
      const short = missingAmountOf(err);
      if (short !== null) setMissing(short);
      else {
        toast.error(getErrorMessage(err));
        if ((err as { statusCode?: number } | null)?.statusCode === 409) {
          onClose();
          onAlreadyBought();
        }
      }
    } finally {
      setPaying(false);
    }
  };

  const shortBy = fromCents(toCents(price) - toCents(balance));
  const visiblyShort = missing ?? (shortBy > 0 ? shortBy : null);

  return (
    <Modal
      open={open}
      title={title}
      okText={`Pay ${formatTokens(price)}`}
      onOk={pay}
      okButtonProps={{ loading: paying, disabled: missing !== null }}
      onCancel={onClose}
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
  );
}
