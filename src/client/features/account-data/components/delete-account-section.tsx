import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Flex, Form, Input, Modal, Skeleton, Typography } from 'antd';
import type { DeletionCheck } from '@/common/contract/account-data';
import { formatTokens } from '@/client/lib/format-amount';
import { useAccountDeletion } from '../use-account-deletion';


/** What deleting does, in the person's own numbers. */
function Consequences({ check }: { check: DeletionCheck }) {
  return (
    <ul style={{ margin: 0, paddingInlineStart: 20 }}>
      <li>Your name, username, email, pictures, addresses{check.activeSubscribers || check.unpaidEarnings ? ', profile, documents and payout details' : ''} are erased, and you are signed out everywhere.</li>
      <li>Your posts, videos, galleries and products are removed. Messages you sent stay with the people you sent them to, under &quot;Deleted account&quot;.</li>
      {check.activeSubscriptions ? <li>Your {check.activeSubscriptions} subscription(s) end now, without a refund.</li> : null}
      {check.activeSubscribers ? <li>Your {check.activeSubscribers} subscriber(s) lose access and are no longer charged.</li> : null}
      <li>Payment records stay in our books (anonymised), as the law requires.</li>
    </ul>
  );
}

/**
 * "Delete account": what will happen, the money that would be lost (creators' unpaid earnings,
 * wallet tokens) or the pending payout that must be settled first, then a danger confirmation with
 * the password. After the deletion the person is signed out and sees the goodbye page.
 */
export function DeleteAccountSection() {
  const { check, checkError, reloadCheck, deleting, error, clearError, remove } = useAccountDeletion();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ currentPassword?: string; acknowledgeForfeit?: boolean }>();

  let body;
  if (checkError) body = <Alert type="error" showIcon title="This could not be loaded" description={checkError} action={<Button onClick={() => reloadCheck()}>Retry</Button>} />;
  else if (!check) body = <Skeleton active paragraph={{ rows: 2 }} />;
  else {
    body = (
      <Flex vertical gap={12} align="start">
        <Consequences check={check} />
        {check.pendingPayouts > 0 ? (
          <Alert
            type="warning" showIcon
            title={`A payout of ${formatTokens(check.pendingPayouts)} is pending`}
            description="Wait until it has been paid or rejected, or cancel it on the payouts page, before deleting your account."
          />
        ) : null}
        {check.forfeits ? (
          <Alert
            type="warning" showIcon
            title="Money in your account will be lost"
            description={[
              check.unpaidEarnings > 0 ? `Earnings not yet paid out: ${formatTokens(check.unpaidEarnings)}. Request a payout first if you can; what is left when you delete is forfeited.` : null,
              check.walletBalance > 0 ? `Wallet balance: ${formatTokens(check.walletBalance)}, forfeited.` : null,
            ].filter(Boolean).join(' ')}
          />
        ) : null}
        <Button danger onClick={() => { clearError(); form.resetFields(); setOpen(true); }} disabled={!check.canDelete}>
          Delete my account
        </Button>
      </Flex>
    );
  }

  const submit = async (values: { currentPassword?: string; acknowledgeForfeit?: boolean }) => {
    const ok = await remove({ currentPassword: values.currentPassword || undefined, acknowledgeForfeit: values.acknowledgeForfeit || undefined });
    if (ok) setOpen(false);
  };

  return (
    <Card title="Delete account">
      {body}
      <Modal
        open={open}
        title="Delete your account for good?"
        onCancel={() => setOpen(false)}
        okText="Delete my account"
        okButtonProps={{ danger: true, loading: deleting, htmlType: 'submit', form: 'delete-account-form' }}
        destroyOnHidden
      >
        <Typography.Paragraph>This cannot be undone. Your account and everything you published are removed.</Typography.Paragraph>
        <Form id="delete-account-form" form={form} layout="vertical" onFinish={submit} requiredMark={false}>
          {check?.hasPassword === false ? (
            <Typography.Paragraph type="secondary">You signed up with a social account: if you signed in more than 10 minutes ago, sign out and in again first.</Typography.Paragraph>
          ) : (
            <Form.Item
              name="currentPassword" label="Your password"
              rules={[{ required: true, message: 'Enter your password to delete your account' }]}
              validateStatus={error?.field === 'currentPassword' ? 'error' : undefined}
              help={error?.field === 'currentPassword' ? error.message : undefined}
            >
              <Input.Password autoComplete="current-password" onChange={clearError} />
            </Form.Item>
          )}
          {check?.forfeits ? (
            <Form.Item
              name="acknowledgeForfeit" valuePropName="checked"
              rules={[{ validator: (_, v) => (v ? Promise.resolve() : Promise.reject(new Error('Confirm that you understand the money is lost'))) }]}
            >
              <Checkbox>I understand that the money left in my account is lost</Checkbox>
            </Form.Item>
          ) : null}
          {error && error.field !== 'currentPassword' ? <Alert type="error" showIcon title={error.message} /> : null}
        </Form>
      </Modal>
    </Card>
  );
}
