import { useState } from 'react';
import { Button, Flex, Form, Input, InputNumber, Modal, Typography } from 'antd';
import { TIP_MESSAGE_MAX } from '@/common/contract/wallet-charges';
import { hasAtMostTwoDecimals } from '@/common/lib/money';
import { formatAmount, formatTokens } from '@/client/lib/format-amount';
import { getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { balanceReported } from '@/client/features/user/user.slice';
import { missingAmountOf } from '../charge-errors';
import { tipPresets } from '../tip-presets';
import { newChargeKey, tipPerformer } from '../wallet-charges.api';
import { TopUpHint } from './top-up-hint';

export interface TipDialogProps {
  performer: { _id: string; name: string };
  open: boolean;
  onClose: () => void;
}

interface TipValues {
  amount: number | null;
  message?: string;
}

/**
 * The tip form: amount (presets within the site's tip bounds) and an optional message, checked as
 * the server checks them, paid from the wallet. Mounted afresh for each opening (TipButton keys
 * it), so every opening is a new payment with an empty form.
 */
export function TipDialog({ performer, open, onClose }: TipDialogProps) {
  const balance = useAppSelector((s) => s.user.current.balance);
  const min = useAppSelector((s) => s.settings.minimumTipPrice);
  const max = useAppSelector((s) => s.settings.maximumTipPrice);
  const dispatch = useAppDispatch();
  const [form] = Form.useForm<TipValues>();
  const [sending, setSending] = useState(false);
  const [missing, setMissing] = useState<number | null>(null);
  const [key, setKey] = useState(newChargeKey);

  const send = async (values: TipValues) => {
    setSending(true);
    setMissing(null);
    try {
      const message = values.message?.trim();
      const res = await tipPerformer(performer._id, { amount: values.amount!, ...(message ? { message } : {}) }, key);
      dispatch(balanceReported({ balance: res.data.balance }));
      // Says what happened (issue 14), not the generic 'Action success'.
      toast.success(`Tip of ${formatTokens(res.data.amount)} sent to ${performer.name}`);
      onClose();
    } catch (err) {
      const short = missingAmountOf(err);
      if (short !== null) setMissing(short);
      else toast.error(getErrorMessage(err));
      // The next attempt is a new payment (a changed amount must not replay this answer).
      setKey(newChargeKey());
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open={open}
      title={`Send a tip to ${performer.name}`}
      okText="Send tip"
      onOk={() => form.submit()}
      okButtonProps={{ loading: sending }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<TipValues> form={form} layout="vertical" onFinish={send} initialValues={{ amount: null, message: '' }} requiredMark={false}>
        <Typography.Paragraph type="secondary">Your balance: {formatTokens(balance)}</Typography.Paragraph>
        <Flex gap={8} wrap style={{ marginBottom: 12 }}>
          {tipPresets(min, max).map((p) => (
            <Button key={p} size="small" onClick={() => form.setFieldsValue({ amount: p })}>
              {p}
            </Button>
          ))}
        </Flex>
        <Form.Item
          name="amount"
          label="Amount (tokens)"
          rules={[
            { required: true, message: 'Enter an amount' },
            {
              validator: async (_, value: number | null) => {
                if (value === null || value === undefined) return;
                if (!hasAtMostTwoDecimals(value)) throw new Error('At most two decimals');
                if (value < min || value > max) throw new Error(`Tip amount must be between ${formatAmount(min)} and ${formatTokens(max)}`);
              },
            },
          ]}
        >
          <InputNumber style={{ width: '100%' }} min={0} step={1} aria-label="Amount (tokens)" />
        </Form.Item>
        <Form.Item
          name="message"
          label="Message (optional)"
          rules={[{ max: TIP_MESSAGE_MAX, message: `At most ${TIP_MESSAGE_MAX} characters`, transform: (v?: string) => v?.trim() }]}
        >
          <Input.TextArea rows={3} showCount maxLength={TIP_MESSAGE_MAX} aria-label="Message (optional)" />
        </Form.Item>
        {missing !== null ? <TopUpHint missing={missing} /> : null}
      </Form>
    </Modal>
  );
}
