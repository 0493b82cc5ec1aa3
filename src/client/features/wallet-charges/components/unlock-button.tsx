import { useState } from 'react';
import { Button, Flex, Modal, Typography } from 'antd';
import { UnlockOutlined } from '@ant-design/icons';
import type { PurchasableType } from '@/common/contract/wallet-charges';
import { formatTokens } from '@/client/features/content/format-tokens';
import { ACTION_SUCCESS, getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { useAppSelector } from '@/client/store/hooks';
import { missingAmountOf } from '../charge-errors';
import { useApplyBalance } from '../use-apply-balance';
import { useRevalidateContent } from '../use-revalidate-content';
import { buyItem, newChargeKey } from '../wallet-charges.api';
import { sendToLogin } from '../send-to-login';
import { TopUpHint } from './top-up-hint';

const NOUN: Record<PurchasableType, string> = { feed: 'post', video: 'video', gallery: 'gallery' };

export interface UnlockButtonProps {
  item: { type: PurchasableType; id: string };
  price: number;
  /** Called after a purchase; by default every list and the page's own data are reloaded. */
  onUnlocked?: () => void;
  style?: React.CSSProperties;
}

/**
 * "Unlock for N tokens": a confirmation with the price and the wallet's balance, then the
 * purchase from the wallet. A signed-out visitor goes to sign in first and comes back.
 */
export function UnlockButton({ item, price, onUnlocked, style }: UnlockButtonProps) {
  const loggedIn = useAppSelector((s) => s.auth.loggedIn);
  const balance = useAppSelector((s) => s.user.current.balance);
  const applyBalance = useApplyBalance();
  const revalidate = useRevalidateContent();
  const [open, setOpen] = useState(false);
  const [paying, setPaying] = useState(false);
  const [missing, setMissing] = useState<number | null>(null);
  const [key, setKey] = useState(newChargeKey);

  const start = () => {
    if (!loggedIn) {
      sendToLogin();
      return;
    }
    setMissing(null);
    setKey(newChargeKey());
    setOpen(true);
  };

  const pay = async () => {
    setPaying(true);
    try {
      const res = await buyItem(item.type, item.id, key);
      applyBalance(res.data.balance);
      toast.success(ACTION_SUCCESS);
      setOpen(false);
      (onUnlocked ?? revalidate)();
    } catch (err) {
      const short = missingAmountOf(err);
      if (short !== null) setMissing(short);
      else {
        toast.error(getErrorMessage(err));
        // Someone (another tab) already bought it: show it unlocked.
        if ((err as { statusCode?: number } | null)?.statusCode === 409) {
          setOpen(false);
          (onUnlocked ?? revalidate)();
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
      <Button type="primary" icon={<UnlockOutlined />} onClick={start} style={style}>
        Unlock for {formatTokens(price)}
      </Button>
      <Modal
        open={open}
        title={`Unlock this ${NOUN[item.type]}`}
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
          <Typography.Text type="secondary">Paid once from your wallet; you keep access.</Typography.Text>
          {visiblyShort !== null ? <TopUpHint missing={visiblyShort} /> : null}
        </Flex>
      </Modal>
    </>
  );
}
