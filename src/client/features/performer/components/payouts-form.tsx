import { useEffect, useState } from 'react';
import { Button, Col, Divider, Form, Input, Radio, Row } from 'antd';
import type { BankingSettings, PaymentGatewaySettings, PerformerAccount } from '@/common/contract/performers';
import { CountrySelect } from '@/client/components/country-select';
import { emailRules } from '@/client/components/form-rules';
import { CHANGES_SAVED, GENERIC_UPDATE_ERROR } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { updateBankingSettings, updatePaymentGatewaySettings } from '../performer.api';
import { accountNumberRules, required, swiftRules } from '../performer-account-rules';
import { showFormErrors } from '../show-form-errors';

type Method = PaymentGatewaySettings['payoutMethod'];

interface Values extends Partial<BankingSettings> {
  payoutMethod: Method;
  paypalEmail?: string;
}

const trimmed = (v?: string) => (v && v.trim() ? v.trim() : undefined);

function valuesOf(account: PerformerAccount): Values {
  return {
    ...(account.bankingSettings ?? {}),
    payoutMethod: account.paymentGatewaySettings?.payoutMethod ?? 'bank_transfer',
    paypalEmail: account.paymentGatewaySettings?.paypalEmail ?? '',
  };
}

interface Props {
  account: PerformerAccount;
  onSaved: (account: PerformerAccount) => void;
}

/** Payouts tab: how payouts are sent (bank transfer or PayPal) and the bank account. */
export function PayoutsForm({ account, onSaved }: Props) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const method = Form.useWatch('payoutMethod', form) ?? valuesOf(account).payoutMethod;

  useEffect(() => {
    form.setFieldsValue(valuesOf(account));
  }, [form, account]);

  const onFinish = async (v: Values) => {
    setSaving(true);
    try {
      let latest = account;
      if (v.payoutMethod === 'bank_transfer') {
        const bank: BankingSettings = {
          firstName: v.firstName!.trim(),
          lastName: v.lastName!.trim(),
          bankName: v.bankName!.trim(),
          accountNumber: v.accountNumber!.trim(),
          country: v.country!.toUpperCase(),
          routingNumber: trimmed(v.routingNumber),
          swiftCode: trimmed(v.swiftCode),
          address: trimmed(v.address),
        };
        latest = (await updateBankingSettings(bank)).data;
      }
      const gateway: PaymentGatewaySettings =
        v.payoutMethod === 'paypal' ? { payoutMethod: 'paypal', paypalEmail: v.paypalEmail!.trim() } : { payoutMethod: 'bank_transfer' };
      latest = (await updatePaymentGatewaySettings(gateway)).data;
      onSaved(latest);
      toast.success(CHANGES_SAVED);
    } catch (err) {
      showFormErrors(form, err, GENERIC_UPDATE_ERROR);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<Values>
      form={form}
      name="performer-payouts"
      layout="vertical"
      noValidate
      requiredMark={false}
      disabled={saving}
      initialValues={valuesOf(account)}
      onFinish={onFinish}
    >
      <Form.Item label="Payout method" name="payoutMethod">
        <Radio.Group
          optionType="button"
          options={[
            { value: 'bank_transfer', label: 'Bank transfer' },
            { value: 'paypal', label: 'PayPal' },
          ]}
        />
      </Form.Item>
      {method === 'paypal' ? (
        <Form.Item label="PayPal email" name="paypalEmail" rules={emailRules}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
      ) : (
        <>
          <Divider titlePlacement="start" plain>
            Bank account
          </Divider>
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <Form.Item label="First name" name="firstName" rules={[...required('Please enter the first name'), { max: 100, message: 'At most 100 characters' }]}>
                <Input autoComplete="given-name" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item label="Last name" name="lastName" rules={[...required('Please enter the last name'), { max: 100, message: 'At most 100 characters' }]}>
                <Input autoComplete="family-name" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item label="Bank name" name="bankName" rules={[...required('Please enter the bank name'), { max: 200, message: 'At most 200 characters' }]}>
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item label="Bank country" name="country" rules={[{ required: true, message: 'Please select the country' }]}>
                <CountrySelect placeholder="Select" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item label="Account number or IBAN" name="accountNumber" rules={accountNumberRules}>
                <Input autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item label="Routing number" name="routingNumber" rules={[{ max: 34, message: 'At most 34 characters' }]}>
                <Input autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item label="SWIFT / BIC" name="swiftCode" rules={swiftRules}>
                <Input autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item label="Bank address" name="address" rules={[{ max: 300, message: 'At most 300 characters' }]}>
                <Input />
              </Form.Item>
            </Col>
          </Row>
        </>
      )}
      <Button type="primary" htmlType="submit" loading={saving}>
        Save payout settings
      </Button>
    </Form>
  );
}
