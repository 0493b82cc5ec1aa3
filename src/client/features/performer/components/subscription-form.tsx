import { useEffect } from 'react';
import { Alert, Button, Col, Form, InputNumber, Row, Switch } from 'antd';
import type { PerformerAccount } from '@/common/contract/performers';
import { useAppSelector } from '@/client/store/hooks';
import { priceRangeMessage, priceRules } from '../performer-account-rules';
import { useSavePerformer } from '../use-save-performer';

interface Values {
  monthlyPrice: number | null;
  yearlyPrice: number | null;
  isFreeSubscription?: boolean;
}

interface Props {
  account: PerformerAccount;
  onSaved: (account: PerformerAccount) => void;
}

/** Subscription tab: monthly and yearly prices inside the site's range; the free trial when the site allows it. */
export function SubscriptionForm({ account, onSaved }: Props) {
  const [form] = Form.useForm<Values>();
  const { save, saving } = useSavePerformer(onSaved);
  const min = useAppSelector((s) => s.settings.minimumSubscriptionPrice);
  const max = useAppSelector((s) => s.settings.maximumSubscriptionPrice);
  const freeEnabled = useAppSelector((s) => s.settings.freeSubscriptionEnabled);
  const freeDays = useAppSelector((s) => s.settings.freeSubscriptionDuration);
  const rules = priceRules(min, max);
  const range = priceRangeMessage(min, max);

  useEffect(() => {
    form.setFieldsValue({ monthlyPrice: account.monthlyPrice, yearlyPrice: account.yearlyPrice, isFreeSubscription: account.isFreeSubscription });
  }, [form, account]);

  const onFinish = (v: Values) =>
    void save(
      {
        monthlyPrice: v.monthlyPrice ?? undefined,
        yearlyPrice: v.yearlyPrice ?? undefined,
        ...(freeEnabled ? { isFreeSubscription: Boolean(v.isFreeSubscription) } : {}),
      },
      form,
    );

  return (
    <Form<Values>
      form={form}
      name="performer-subscription"
      layout="vertical"
      noValidate
      requiredMark={false}
      disabled={saving}
      initialValues={{ monthlyPrice: account.monthlyPrice, yearlyPrice: account.yearlyPrice, isFreeSubscription: account.isFreeSubscription }}
      onFinish={onFinish}
    >
      <Alert type="info" showIcon style={{ marginBottom: 24 }} title={`${range}.`} description="Fans pay in tokens; both prices are shown on your page." />
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item label="Monthly price" name="monthlyPrice" rules={rules}>
            {/* No min/max on the input: it would clamp silently instead of saying what is allowed. */}
            <InputNumber style={{ width: '100%' }} precision={2} step={0.5} suffix="tokens" inputMode="decimal" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label="Yearly price" name="yearlyPrice" rules={rules}>
            <InputNumber style={{ width: '100%' }} precision={2} step={1} suffix="tokens" inputMode="decimal" />
          </Form.Item>
        </Col>
      </Row>
      {freeEnabled ? (
        <Form.Item
          label="Free subscription"
          name="isFreeSubscription"
          valuePropName="checked"
          extra={`New fans may subscribe for free for ${freeDays} ${freeDays === 1 ? 'day' : 'days'}, once each.`}
        >
          <Switch />
        </Form.Item>
      ) : null}
      <Button type="primary" htmlType="submit" loading={saving}>
        Save subscription
      </Button>
    </Form>
  );
}
