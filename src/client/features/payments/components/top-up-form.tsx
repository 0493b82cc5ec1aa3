import { useMemo, useRef, useState } from 'react';
import { Alert, Button, Flex, Form, Input, InputNumber, Radio, Space, Typography } from 'antd';
import type { AppliedCoupon, PaymentTransaction } from '@/common/contract/payments';
import { getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { refreshBalance } from '@/client/features/user/user.slice';
import { formatTokens, formatUsd } from '@/client/lib/format-amount';
import { applyCoupon, topUp } from '../payments.api';
import { usePaymentCards } from '../use-payment-cards';
import { useTopUpOptions } from '../use-top-up-options';
import type { CardFormValues } from '../card-input';
import type { CardTokenizer } from '../card-tokenizer';
import { NewCardFields, tokenize } from './new-card-fields';
import { CardChoice, NEW_CARD } from './card-choice';

const PRESETS = [10, 20, 50, 100];

interface Values extends Partial<CardFormValues> {
  amount: number;
  cardChoice: string;
  couponCode?: string;
}

/** The top-up form: amount (presets), coupon, saved card or a new one; pays and updates the balance. */
export function TopUpForm({ onPaid }: { onPaid?: (payment: PaymentTransaction) => void }) {
  const [form] = Form.useForm<Values>();
  const options = useTopUpOptions().data?.data;
  const settingsMin = useAppSelector((s) => s.settings.minimumWalletPrice);
  const settingsMax = useAppSelector((s) => s.settings.maximumWalletPrice);
  const min = options?.minimum ?? settingsMin;
  const max = options?.maximum ?? settingsMax;
  const rate = options?.tokenConversionRate ?? 1;
  const cards = usePaymentCards();
  const dispatch = useAppDispatch();
  const [paying, setPaying] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);
  const tokenizer = useRef<CardTokenizer | null>(null);
  const [checkingCoupon, setCheckingCoupon] = useState(false);
  const amount = Form.useWatch('amount', form) as number | undefined;
  const choice = Form.useWatch('cardChoice', form) as string | undefined;
  const saved = cards.data?.data.data ?? [];
  const presets = useMemo(() => PRESETS.filter((p) => p >= min && p <= max), [min, max]);

  const valid = typeof amount === 'number' && amount >= min && amount <= max;
  const discount = coupon && valid ? Math.floor(amount * coupon.discountPercentage + 0.5) / 100 : 0;
  const charge = valid ? Math.round((amount - discount) * 100) / 100 : 0;
  const tokens = valid ? Math.round(amount * rate * 100) / 100 : 0;

  async function checkCoupon() {
    const code = (form.getFieldValue('couponCode') as string | undefined)?.trim();
    if (!code) return;
    setCheckingCoupon(true);
    try {
      setCoupon((await applyCoupon(code)).data);
      form.setFields([{ name: 'couponCode', errors: [] }]);
    } catch (err) {
      setCoupon(null);
      form.setFields([{ name: 'couponCode', errors: [getErrorMessage(err)] }]);
    } finally {
      setCheckingCoupon(false);
    }
  }

  async function pay(values: Values) {
    setPaying(true);
    setFailure(null);
    try {
      const useNew = values.cardChoice === NEW_CARD || !values.cardChoice;
      const { data: payment } = await topUp({
        amount: values.amount,
        ...(useNew ? { card: { ...(await tokenize(tokenizer, values as CardFormValues)), save: Boolean(values.save) } } : { cardId: values.cardChoice }),
        ...(coupon ? { couponCode: coupon.code } : {}),
      });
      if (payment.status === 'succeeded') {
        dispatch(refreshBalance());
        toast.success(`${formatTokens(payment.tokens)} added to your wallet`);
        form.resetFields(['number', 'expiry', 'cvc', 'holderName', 'save', 'couponCode']);
        setCoupon(null);
        if (useNew && values.save) void cards.mutate();
      } else if (payment.status === 'failed') {
        setFailure(payment.failureReason ?? 'The payment failed');
      } else {
        toast.success('Payment is being processed; your balance updates when it is confirmed');
      }
      onPaid?.(payment);
    } catch (err) {
      setFailure(getErrorMessage(err));
    } finally {
      setPaying(false);
    }
  }

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      onFinish={pay}
      initialValues={{ amount: presets[0] ?? min, cardChoice: NEW_CARD }}
      onValuesChange={(changed) => {
        if ('couponCode' in changed) setCoupon(null);
        if (!('couponCode' in changed)) setFailure(null);
      }}
      disabled={paying}
    >
      <Form.Item label="Amount (USD)" required>
        <Flex vertical gap={8}>
          {presets.length > 0 && (
            <Radio.Group
              optionType="button"
              value={presets.includes(amount ?? -1) ? amount : undefined}
              onChange={(e) => form.setFieldsValue({ amount: e.target.value as number })}
              options={presets.map((p) => ({ label: formatUsd(p), value: p }))}
              aria-label="Amount presets"
            />
          )}
          <Form.Item
            name="amount"
            noStyle
            rules={[
              { required: true, message: 'Enter an amount' },
              { type: 'number', min, max, message: `Enter an amount between ${formatUsd(min)} and ${formatUsd(max)}` },
            ]}
          >
            <InputNumber aria-label="Amount" prefix="$" min={0} precision={2} step={1} style={{ width: 200 }} />
          </Form.Item>
        </Flex>
      </Form.Item>
      <Typography.Paragraph>
        {valid ? (
          <>
            You get <strong>{formatTokens(tokens)}</strong>
            {coupon ? <> for <strong>{formatUsd(charge)}</strong> ({coupon.discountPercentage}% off with {coupon.code})</> : null}.
          </>
        ) : (
          <Typography.Text type="secondary">Top-ups from {formatUsd(min)} to {formatUsd(max)}.</Typography.Text>
        )}
      </Typography.Paragraph>

      <Form.Item label="Coupon">
        <Space.Compact style={{ maxWidth: 320, width: '100%' }}>
          <Form.Item name="couponCode" noStyle>
            <Input aria-label="Coupon code" placeholder="Coupon code" maxLength={40} />
          </Form.Item>
          <Button onClick={() => void checkCoupon()} loading={checkingCoupon}>
            Apply
          </Button>
        </Space.Compact>
      </Form.Item>
      {coupon && (
        <Alert style={{ marginBottom: 16 }} type="success" showIcon title={`Coupon ${coupon.code}: ${coupon.discountPercentage}% off the card payment`} />
      )}

      <CardChoice saved={saved} />
      {(choice ?? NEW_CARD) === NEW_CARD && <NewCardFields withSave tokenizerRef={tokenizer} />}

      {failure && <Alert style={{ marginBottom: 16 }} type="error" showIcon title={failure} />}
      <Button type="primary" htmlType="submit" loading={paying} disabled={!valid}>
        {paying ? 'Paying…' : valid ? `Pay ${formatUsd(charge)}` : 'Pay'}
      </Button>
    </Form>
  );
}
