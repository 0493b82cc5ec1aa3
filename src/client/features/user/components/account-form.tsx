import { useEffect } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { emailRules, nameRules, usernameRules } from '@/client/components/form-rules';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { updatePerformer, updateUser, type UpdateUserBody } from '../user.slice';
import { useServerFieldErrors } from './use-server-field-errors';

interface Values {
  name: string;
  username: string;
  email: string;
}

const FIELDS = ['name', 'username', 'email'] as const;

/**
 * Name, username and email. A user reaches this page after sign-in when email or username is
 * missing (spec 4), so it says what is missing. Performers go through updatePerformer.
 */
export function AccountForm({ performer = false }: { performer?: boolean }) {
  const [form] = Form.useForm<Values>();
  const dispatch = useAppDispatch();
  const user = useAppSelector((s) => s.user.current);
  const { updating, error } = useAppSelector((s) => s.user);
  useServerFieldErrors(form, error, FIELDS);

  // The user may arrive after the first render (client navigation right after sign-in).
  useEffect(() => {
    form.setFieldsValue({ name: user.name, username: user.username ?? '', email: user.email ?? '' });
  }, [form, user.name, user.username, user.email]);

  const onFinish = (v: Values) => {
    const body: UpdateUserBody = { name: v.name.trim(), username: v.username, email: v.email.trim() };
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
        <Form.Item label="Email" name="email" rules={emailRules}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={updating} disabled={updating}>
          Save changes
        </Button>
      </Form>
    </>
  );
}
