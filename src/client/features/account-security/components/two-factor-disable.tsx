import { useState } from 'react';
import { Form, Input, Modal, Radio } from 'antd';
import { showServerErrors } from '@/client/components/server-errors';
import { disableTwoFactor } from '../account-security.api';

interface Values {
  method: 'code' | 'password';
  code?: string;
  password?: string;
}

/** Turning 2FA off asks for a proof: a code (app or recovery) or, when the account has one, the password. */
export function TwoFactorDisable({ open, hasPassword, onClose, onDisabled }: {
  open: boolean;
  hasPassword: boolean;
  onClose: () => void;
  onDisabled: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const method = Form.useWatch('method', form) ?? 'code';

  const onFinish = async (values: Values) => {
    setSaving(true);
    try {
      await disableTwoFactor(values.method === 'password' ? { password: values.password } : { code: values.code?.trim() });
      form.resetFields();
      onDisabled();
    } catch (err) {
      showServerErrors(form, err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title="Turn off two-factor sign-in?"
      okText="Turn off"
      okButtonProps={{ danger: true, loading: saving }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>Your password alone will sign in again. Your recovery codes stop working.</p>
      <Form<Values> form={form} name="two-factor-disable" layout="vertical" requiredMark={false} initialValues={{ method: 'code' }} onFinish={onFinish} disabled={saving}>
        {hasPassword ? (
          <Form.Item name="method" label="Confirm with">
            <Radio.Group options={[{ value: 'code', label: 'A code' }, { value: 'password', label: 'My password' }]} />
          </Form.Item>
        ) : null}
        {method === 'password' ? (
          <Form.Item label="Password" name="password" rules={[{ required: true, message: 'Please enter your password' }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
        ) : (
          <Form.Item label="Code from the app, or a recovery code" name="code" rules={[{ required: true, whitespace: true, message: 'Please enter a code' }]}>
            <Input autoComplete="one-time-code" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
