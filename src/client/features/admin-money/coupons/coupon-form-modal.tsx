import { useState } from 'react';
import { Form, Input, InputNumber, Modal, Switch } from 'antd';
import type { Coupon } from '@/common/contract/payments';
import { showServerErrors } from '@/client/components/server-errors';
import { createCoupon, updateCoupon } from '../admin-money.api';
import { codeProblem, couponBodyOf, discountProblem, formValuesOf, usesProblem, type CouponFormValues } from './coupon-rules';

const check = (problem: (value: never) => string | undefined) => ({
  validator: (_rule: unknown, value: unknown) => {
    const message = problem(value as never);
    return message ? Promise.reject(new Error(message)) : Promise.resolve();
  },
});

/**
 * Create or edit a coupon. The rules mirror the API's (code pattern, 0.01–100 % with two decimals,
 * uses ≥ 1 and never below the uses already made); the API's refusals (a code that exists) land
 * under their fields.
 */
export function CouponFormModal({ coupon, onSaved, onCancel }: { coupon: Coupon | null; onSaved: (c: Coupon) => void; onCancel: () => void }) {
  const [form] = Form.useForm<CouponFormValues>();
  const [busy, setBusy] = useState(false);
  const editing = Boolean(coupon);

  const save = async () => {
    let values: CouponFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    try {
      const body = couponBodyOf(values);
      const saved = coupon ? await updateCoupon(coupon._id, body) : await createCoupon(body);
      onSaved(saved.data);
    } catch (err) {
      showServerErrors(form, err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={editing ? `Edit coupon ${coupon!.code}` : 'New coupon'}
      okText={editing ? 'Save changes' : 'Create coupon'}
      okButtonProps={{ loading: busy }}
      onOk={() => void save()}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={formValuesOf(coupon)} noValidate onFinish={() => void save()}>
        <Form.Item name="code" label="Code" htmlFor="coupon-code" rules={[check(codeProblem)]} extra="Fans type it at checkout; letters are matched in any case.">
          <Input id="coupon-code" maxLength={40} autoComplete="off" />
        </Form.Item>
        <Form.Item name="discountPercentage" label="Discount (%)" htmlFor="coupon-discount" rules={[check(discountProblem)]} extra="Taken off the card charge of a top-up or a subscription; the platform pays it, never the creator.">
          <InputNumber id="coupon-discount" style={{ width: '100%' }} step={1} />
        </Form.Item>
        <Form.Item name="expiresOn" label="Valid until (end of the day)" htmlFor="coupon-expiry" extra="Empty: it does not expire.">
          <Input id="coupon-expiry" type="date" />
        </Form.Item>
        <Form.Item
          name="numberOfUses"
          label="Number of uses"
          htmlFor="coupon-uses"
          rules={[check((v: number | null) => usesProblem(v, coupon?.usedCount ?? 0))]}
          extra={`Across all fans (each fan uses a coupon once). Empty: no limit.${coupon ? ` Used ${coupon.usedCount} times so far.` : ''}`}
        >
          <InputNumber id="coupon-uses" style={{ width: '100%' }} step={1} />
        </Form.Item>
        <Form.Item name="active" label="Active" htmlFor="coupon-active" valuePropName="checked">
          <Switch id="coupon-active" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
