import { useEffect } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { CurrentPasswordField } from '@/client/components/current-password-field';
import { emailRules, nameRules, usernameRules } from '@/client/components/form-rules';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { updatePerformer, updateUser, type UpdateUserBody } from '../user.slice';
import { PendingEmailNotice } from './pending-email-notice';
import { useServerFieldErrors } from './use-server-field-errors';

interface Values {
  name: string;
  username: string;
  email: string;
  currentPassword?: string;
}

const FIELDS = ['name', 'username', 'email', 'currentPassword'] as const;

/** True when the form's email would change the account's address (the server compares lower-cased). */
export const emailDiffers = (typed: string | undefined, current: string | null) =>
  typed !== undefined && typed.trim().toLowerCase() !== (current ?? '').toLowerCase();

/**
 * Name, username and email. A user reaches this page after sign-in when email or username is
 * missing (spec 4), so it says what is missing. Performers go through updatePerformer. A new
 * email asks for the current password and is confirmed from the new address (the notice says so).
 */
export function AccountForm({ performer = false }: { performer?: boolean }) {
  const [form] = Form.useForm<Values>();
  const dispatch = useAppDispatch();
  const user = useAppSelector((s) => s.user.current);
  const { updating, error, errorSource } = useAppSelector((s) => s.user);
  useServerFieldErrors(form, errorSource === 'profile' ? error : null, FIELDS);
  const typedEmail = Form.useWatch('email', form);
  const changingEmail = emailDiffers(typedEmail, user.email);

  // The user may arrive after the first render (client navigation right after sign-in); after an
  // email change request the field goes back to the address in use (the new one is pending).
  useEffect(() => {
    form.setFieldsValue({ name: user.name, username: user.username ?? '', email: user.email ?? '' });
  }, [form, user.name, user.username, user.email, user.pendingEmail]);

  const onFinish = (v: Values) => {
    const body: UpdateUserBody = { name: v.name.trim(), username: v.username, email: v.email.trim() };
    if (changingEmail && v.currentPassword) body.currentPassword = v.currentPassword;
    dispatch(performer ? updatePerformer(body) : updateUser(body));
  };

  const missing = [!user.username && 'a username', !user.email && 'an email address'].filter(Boolean);
  return (
    <>
      {user._id && missing.length ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 24 }}
          title="Complete your profile"
          description={`Add ${missing.join(' and ')} to finish setting up your account.`}
        />
      ) : null}
      <PendingEmailNotice />
      <Form<Values>
        form={form}
        name="account"
        noValidate
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        disabled={updating}
        initialValues={{ name: user.name, username: user.username ?? '', email: user.email ?? '' }}
      >
        <Form.Item label={performer ? 'Display name' : 'Name'} name="name" rules={nameRules}>
          <Input autoComplete="name" />
        </Form.Item>
        <Form.Item label="Username" name="username" rules={usernameRules} extra="Letters, digits, dots and underscores.">
          <Input autoComplete="username" prefix="@" />
        </Form.Item>
        <Form.Item
          label="Email"
          name="email"
          rules={emailRules}
          extra={changingEmail ? 'We will send a confirmation link to the new address; it changes when you open it.' : undefined}
        >
          <Input type="email" autoComplete="email" />
        </Form.Item>
        {changingEmail ? <CurrentPasswordField hasPassword={user.hasPassword !== false} extra="Needed to change your email." /> : null}
        <Button type="primary" htmlType="submit" loading={updating} disabled={updating}>
          Save changes
        </Button>
      </Form>
    </>
  );
}
