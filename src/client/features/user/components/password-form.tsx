import { NewPasswordFields } from '@/client/components/new-password-fields';
import { useEffect, useRef } from 'react';
import { Button, Form } from 'antd';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { updatePassword } from '../user.slice';
import { useServerFieldErrors } from './use-server-field-errors';

interface Values {
  password: string;
  confirm: string;
}

const FIELDS = ['password'] as const;

/** Password change; the saga toasts the outcome (spec 4, 8) and the fields clear on success. */
export function PasswordForm({ source = 'user' }: { source?: 'user' | 'performer' }) {
  const [form] = Form.useForm<Values>();
  const dispatch = useAppDispatch();
  const { updating, error, changePasswordData } = useAppSelector((s) => s.user);
  useServerFieldErrors(form, error, FIELDS);

  const seen = useRef(changePasswordData);
  useEffect(() => {
    if (changePasswordData && changePasswordData !== seen.current) form.resetFields();
    seen.current = changePasswordData;
  }, [changePasswordData, form]);

  return (
    <Form<Values>
      form={form}
      name="password"
      noValidate
      layout="vertical"
      requiredMark={false}
      disabled={updating}
      onFinish={({ password }) => dispatch(updatePassword({ password, source }))}
    >
      <NewPasswordFields label="New password" extra="At least 8 characters. Your other sessions will be signed out." />
      <Button type="primary" htmlType="submit" loading={updating} disabled={updating}>
        Change password
      </Button>
    </Form>
  );
}
