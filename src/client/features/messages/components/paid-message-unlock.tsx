import { useState } from 'react';
import { Button, Flex, Modal, Typography } from 'antd';
import { UnlockOutlined } from '@ant-design/icons';
import type { Message } from '@/common/contract/messaging';
import { formatTokens } from '@/client/features/content/format-tokens';
import { missingAmountOf } from '@/client/features/wallet-charges/charge-errors';
import { TopUpHint } from '@/client/features/wallet-charges/components/top-up-hint';
import { useApplyBalance } from '@/client/features/wallet-charges/use-apply-balance';
import { newIdempotencyKey } from '@/client/lib/idempotency-key';
import { ACTION_SUCCESS, getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { buyMessage } from '../messages.api';
import { fetchMessages, updateMessage } from '../message.slice';

/**
 * "Unlock for N tokens" on a paid message: the price and the wallet in a confirmation, then
 * `/wallet/charges/message/:id` (one Idempotency-Key per attempt). The answer carries the message
 * unlocked, which replaces the blurred one in the thread; the new balance goes to the header.
 */
export function PaidMessageUnlock({ message }: { message: Message }) {
  const dispatch = useAppDispatch();
  const balance = useAppSelector((s) => s.user.current.balance);
  const applyBalance = useApplyBalance();
  const [open, setOpen] = useState(false);
  const [paying, setPaying] = useState(false);
  const [missing, setMissing] = useState<number | null>(null);
  const [key, setKey] = useState(newIdempotencyKey);

  const start = () => {
    setMissing(null);
    setKey(newIdempotencyKey());
    setOpen(true);
  };

  const pay = async () => {
    setPaying(true);
    try {
      const res = await buyMessage(message._id, key);
      applyBalance(res.data.balance);
      dispatch(updateMessage(res.data.message));
      toast.success(ACTION_SUCCESS);
      setOpen(false);
    } catch (err) {
      const short = missingAmountOf(err);
      if (short !== null) setMissing(short);
      else {
        toast.error(getErrorMessage(err));
        // Paid already (another tab): reload the conversation so it shows unlocked.
        if ((err as { statusCode?: number } | null)?.statusCode === 409) {
          setOpen(false);
          dispatch(fetchMessages({ conversationId: message.conversationId }));
        }
      }
    } finally {
      setPaying(false);
    }
  };

  const shortBy = Math.round((message.price - balance) * 100) / 100;
  const visiblyShort = missing ?? (shortBy > 0 ? shortBy : null);

  return (
    <>
      <Button type="primary" size="small" icon={<UnlockOutlined />} onClick={start}>
        Unlock for {formatTokens(message.price)}
      </Button>
      <Modal
        open={open}
        title="Unlock this message"
        okText={`Pay ${formatTokens(message.price)}`}
        onOk={pay}
        okButtonProps={{ loading: paying, disabled: missing !== null }}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Flex vertical gap={8}>
          <Typography.Text>
            Price: <strong>{formatTokens(message.price)}</strong>
          </Typography.Text>
          <Typography.Text>
            Your balance: <strong>{formatTokens(balance)}</strong>
          </Typography.Text>
          <Typography.Text type="secondary">Paid once from your wallet; the files stay open for you.</Typography.Text>
          {visiblyShort !== null ? <TopUpHint missing={visiblyShort} /> : null}
        </Flex>
      </Modal>
    </>
  );
}
