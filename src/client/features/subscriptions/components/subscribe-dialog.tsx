import { useEffect, useState } from 'react';
import { useRouter } from 'next/router';
import { useSWRConfig } from 'swr';
import { Alert, Button, Flex, Form, Input, Modal, Space, Typography } from 'antd';
import { paymentRoutes, type AppliedCoupon } from '@/common/contract/payments';
import type { PerformerPublic } from '@/common/contract/performers';
import { getErrorMessage } from '@/client/lib/error-message';
import { newIdempotencyKey } from '@/client/lib/idempotency-key';
import { toast } from '@/client/lib/toast';
import { useAppSelector } from '@/client/store/hooks';
import { formatTokens, formatUsd } from '@/client/lib/format-amount';
import { addCard, applyCoupon } from '@/client/features/payments/payments.api';
import { cardInputOf, type CardFormValues } from '@/client/features/payments/card-input';
import { useRouteData } from '@/client/hooks/use-route-data';
import { CardFields } from '@/client/features/payments/components/card-fields';
import { CardChoice, NEW_CARD } from '@/client/features/payments/components/card-choice';
import { TestModeBanner } from '@/client/features/payments/components/test-mode-banner';
import { subscribe } from '../subscriptions.api';


interface Values extends Partial<CardFormValues> {
  cardChoice: string;
  couponCode?: string;
}

export interface SubscribeDialogProps {
  performer: Pick<PerformerPublic, '_id' | 'name' | 'monthlyPrice' | 'yearlyPrice'>;
  plan: 'monthly' | 'yearly' | null;
  onClose: () => void;
}

/**
 * Pays a monthly or yearly subscription by card: a saved card or a new one (kept, since renewals
 * charge it), an optional coupon, the price in tokens and what the card is charged. On success
 * the profile reloads as a subscriber's; a decline shows the bank's words.
 */
export function SubscribeDialog({ performer, plan, onClose }: SubscribeDialogProps) {
  const router = useRouter();
  const { mutate } = useSWRConfig();
  const [form] = Form.useForm<Values>();
  const gateway = useAppSelector((s) => s.settings.paymentGateway) || 'stripe';
  // Asked only while the dialog is open: a signed-out visitor's profile must not call these.
  const cards = useRouteData(paymentRoutes.cards, plan ? {} : null);
  const rate = useRouteData(paymentRoutes.topUpOptions, plan ? {} : null).data?.data.tokenConversionRate ?? 1;
  const [paying, setPaying] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);
  // One key per dialog opening: a double click or a retried request subscribes once.
  const [key, setKey] = useState(newIdempotencyKey);
  const choice = Form.useWatch('cardChoice', form) as string | undefined;
  const saved = cards.data?.data.data ?? [];
  const firstCard = saved[0]?._id;
  // The cards arrive after the dialog opens: preselect the first saved one unless the fan chose already.
  useEffect(() => {
    if (firstCard && !form.isFieldTouched('cardChoice')) form.setFieldsValue({ cardChoice: firstCard });
  }, [firstCard, form]);

  const tokens = plan === 'yearly' ? performer.yearlyPrice : performer.monthlyPrice;
  const price = Math.round((tokens / rate) * 100) / 100;
  const discount = coupon ? Math.floor(price * coupon.discountPercentage + 0.5) / 100 : 0;
  const charge = Math.round((price - discount) * 100) / 100;

  function close() {
    setFailure(null);
    setCoupon(null);
    form.resetFields();
    onClose();
  }

  async function checkCoupon() {
    const code = (form.getFieldValue('couponCode') as string | undefined)?.trim();
    if (!code) return;
    try {
      setCoupon((await applyCoupon(code)).data);
      form.setFields([{ name: 'couponCode', errors: [] }]);
    } catch (err) {
      setCoupon(null);
      form.setFields([{ name: 'couponCode', errors: [getErrorMessage(err)] }]);
    }
  }

  async function pay(values: Values) {
    if (!plan) return;
    setPaying(true);
    setFailure(null);
    try {
      const cardId = values.cardChoice && values.cardChoice !== NEW_CARD
        ? values.cardChoice
        : (await addCard(gateway, cardInputOf(values as CardFormValues))).data._id;
      await subscribe({ performerId: performer._id, type: plan, cardId, ...(coupon ? { couponCode: coupon.code } : {}) }, key);
      toast.success(`You are subscribed to ${performer.name}`);
      close();
      await router.replace(router.asPath, undefined, { scroll: false });
      await mutate(() => true);
    } catch (err) {
      setFailure(getErrorMessage(err));
      // A new attempt (another card) is a new payment.
      setKey(newIdempotencyKey());
      void cards.mutate();
    } finally {
      setPaying(false);
    }
  }

  return (
    <Modal
      open={plan !== null}
      title={`${plan === 'yearly' ? 'Yearly' : 'Monthly'} subscription to ${performer.name}`}
      onCancel={close}
      footer={null}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <TestModeBanner compact />
        <Typography.Paragraph style={{ margin: 0 }}>
          {formatTokens(tokens)} {plan === 'yearly' ? 'a year' : 'a month'}, charged as <strong>{formatUsd(charge)}</strong>
          {coupon ? <> ({coupon.discountPercentage}% off with {coupon.code})</> : null}. It renews until you cancel; cancelling keeps
          access until the period ends.
        </Typography.Paragraph>
        <Form<Values> form={form} layout="vertical" onFinish={pay} initialValues={{ cardChoice: saved[0]?._id ?? NEW_CARD }} disabled={paying}>
          <Form.Item label="Coupon">
            <Space.Compact style={{ width: '100%', maxWidth: 320 }}>
              <Form.Item name="couponCode" noStyle>
                <Input aria-label="Coupon code" placeholder="Coupon code" maxLength={40} onChange={() => setCoupon(null)} />
              </Form.Item>
              <Button onClick={() => void checkCoupon()}>Apply</Button>
            </Space.Compact>
          </Form.Item>
          <CardChoice saved={saved} newLabel="A new card (saved for renewals)" />
          {(choice ?? NEW_CARD) === NEW_CARD && <CardFields />}
          {failure && <Alert style={{ marginBottom: 16 }} type="error" showIcon title={failure} />}
          <Flex gap={8} justify="end">
            <Button onClick={close} disabled={paying}>Cancel</Button>
            <Button type="primary" htmlType="submit" loading={paying}>
              {paying ? 'Paying…' : `Pay ${formatUsd(charge)}`}
            </Button>
          </Flex>
        </Form>
      </Flex>
    </Modal>
  );
}
