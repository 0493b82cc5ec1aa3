import { NewPasswordFields } from '@/client/components/new-password-fields';
import { CurrentPasswordField } from '@/client/components/current-password-field';
import { useEffect, useRef } from 'react';
import { Button, Form } from 'antd';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { updatePassword } from '../user.slice';
import { useServerFieldErrors } from './use-server-field-errors';

interface Values {
  currentPassword?: string;
  password: string;
  confirm: string;
}

const FIELDS = ['currentPassword', 'password'] as const;

/**
 * Password change with the current password (issue 15: a stolen session alone cannot change it);
 * the saga toasts the outcome (spec 4, 8), the server's field errors go under their fields and
 * the fields clear on success.
 */
export function PasswordForm({ source = 'user' }: { source?: 'user' | 'performer' }) {
  const [form] = Form.useForm<Values>();
  const dispatch = useAppDispatch();
  const { updating, error, errorSource, changePasswordData } = useAppSelector((s) => s.user);
  const hasPassword = useAppSelector((s) => s.user.current.hasPassword !== false);
  useServerFieldErrors(form, errorSource === 'password' ? error : null, FIELDS);

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
      onFinish={({ password, currentPassword }) =>
        dispatch(updatePassword({ password, source, ...(currentPassword ? { currentPassword } : {}) }))
      }
    >
      <CurrentPasswordField hasPassword={hasPassword} />
      <NewPasswordFields label="New password" extra="At least 8 characters. Your other sessions will be signed out." />
      <Button type="primary" htmlType="submit" loading={updating} disabled={updating}>
        Change password
      </Button>
    </Form>
  );
}
