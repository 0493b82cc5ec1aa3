import { Col, Divider, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { PAYMENT_GATEWAY_NAMES } from '@/common/constants/settings';
import { SETTING_LIMITS, STRIPE_PUBLISHABLE_KEY_PATTERN, type AllSettingsValues } from '@/common/contract/settings';
import { notAbove, numberRules } from '../settings-form-rules';
import { SettingsGroupForm, type SettingsGroupProps } from './settings-group-form';

const PRICE_PAIRS = [
  { min: 'minimumSubscriptionPrice', max: 'maximumSubscriptionPrice', label: 'Subscription price', unit: 'tokens a month or year' },
  { min: 'minimumWalletPrice', max: 'maximumWalletPrice', label: 'Wallet top-up', unit: 'USD' },
  { min: 'minimumTipPrice', max: 'maximumTipPrice', label: 'Tip', unit: 'tokens' },
  { min: 'minimumContentPrice', max: 'maximumContentPrice', label: 'Price of content for sale', unit: 'tokens' },
] as const;

const KEYS = [
  'paymentGateway', 'stripePublishableKey', 'tokenConversionRate', 'performerCommission', 'minimumPayoutAmount',
  'freeSubscriptionEnabled', 'freeSubscriptionDuration', ...PRICE_PAIRS.flatMap((p) => [p.min, p.max]),
] as const;
type PaymentValues = Pick<AllSettingsValues, (typeof KEYS)[number]>;

const GATEWAY_LABELS: Record<(typeof PAYMENT_GATEWAY_NAMES)[number], string> = { stripe: 'Stripe' };

// The commission is stored as a share (0.2) and edited as a percentage (20): whole basis points both ways.
const toForm = (s: AllSettingsValues): PaymentValues => ({
  ...(Object.fromEntries(KEYS.map((k) => [k, s[k]])) as PaymentValues),
  performerCommission: Math.round(s.performerCommission * 10_000) / 100,
});
const fromForm = (v: PaymentValues): Partial<AllSettingsValues> => ({
  ...v,
  stripePublishableKey: (v.stripePublishableKey ?? '').trim(),
  performerCommission: Math.round((v.performerCommission ?? 0) * 100) / 10_000,
});

const PRICE_MAX = SETTING_LIMITS.priceMax;

/** The gateway, token rate, commission, every price bound (minimum ≤ maximum), payouts and free subscriptions. */
export function PaymentSettings({ settings, onSaved }: SettingsGroupProps) {
  return (
    <SettingsGroupForm title="Payments & prices" settings={settings} onSaved={onSaved} toForm={toForm} fromForm={fromForm}>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="paymentGateway" label="Payment gateway" extra={settings.paymentTestMode
            ? 'TEST MODE: no Stripe keys are configured on the server, so the built-in sandbox answers as Stripe\'s test mode (test cards, no real money).'
            : 'Live: the server\'s Stripe keys are configured.'}>
            <Select options={PAYMENT_GATEWAY_NAMES.map((g) => ({ value: g, label: GATEWAY_LABELS[g] }))} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="stripePublishableKey"
            label="Stripe publishable key"
            rules={[
              { max: SETTING_LIMITS.keyMax, message: `At most ${SETTING_LIMITS.keyMax} characters` },
              { pattern: new RegExp(STRIPE_PUBLISHABLE_KEY_PATTERN), message: 'A publishable key starts with pk_test_ or pk_live_' },
            ]}
          >
            <Input placeholder="pk_live_…" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="tokenConversionRate"
            label="Tokens per USD"
            extra="What a fan gets for each dollar of a top-up."
            rules={numberRules('Tokens per USD', SETTING_LIMITS.tokenConversionRateMin, SETTING_LIMITS.tokenConversionRateMax)}
          >
            <InputNumber style={{ width: '100%' }} step={0.1} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="performerCommission"
            label="Platform commission"
            extra="The platform's share of every sale; creators with their own rate keep it."
            rules={numberRules('Commission', 0, SETTING_LIMITS.performerCommissionMax * 100, { twoDecimals: true })}
          >
            <InputNumber style={{ width: '100%' }} suffix="%" step={1} />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start" plain>Price bounds</Divider>
      {PRICE_PAIRS.map((pair) => (
        <Row gutter={16} key={pair.min}>
          <Col xs={24} sm={12}>
            <Form.Item
              name={pair.min}
              label={`${pair.label}: minimum (${pair.unit})`}
              dependencies={[pair.max]}
              rules={[...numberRules(`Minimum ${pair.label.toLowerCase()}`, 0, PRICE_MAX, { twoDecimals: true }), notAbove(pair.max, `Minimum ${pair.label.toLowerCase()}`)]}
            >
              <InputNumber style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name={pair.max} label={`${pair.label}: maximum (${pair.unit})`} rules={numberRules(`Maximum ${pair.label.toLowerCase()}`, 0, PRICE_MAX, { twoDecimals: true })}>
              <InputNumber style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
      ))}
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="minimumPayoutAmount" label="Minimum payout (tokens)" rules={numberRules('Minimum payout', 0, PRICE_MAX, { twoDecimals: true })}>
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start" plain>Free subscriptions</Divider>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="freeSubscriptionEnabled" label="Creators may offer a free subscription" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="freeSubscriptionDuration"
            label="Free subscription length (days)"
            rules={numberRules('Free subscription length', 1, SETTING_LIMITS.freeSubscriptionDurationMax, { integer: true })}
          >
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
    </SettingsGroupForm>
  );
}
