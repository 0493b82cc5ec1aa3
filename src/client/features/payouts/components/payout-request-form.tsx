import { Alert, Button, Form, Input, InputNumber, Select, Typography } from 'antd';
import { useState } from 'react';
import { PAYOUT_METHOD_LABELS, PAYOUT_NOTE_MAX, type PayoutCalculation, type PayoutMethod, type PayoutRequest } from '@/common/contract/payouts';
import { formatAmount, formatTokens } from '@/client/lib/format-amount';
import { getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { createPayoutRequest } from '../payouts.api';
import { payoutAmountProblem } from '../payout-rules';
import { newIdempotencyKey } from '@/client/lib/idempotency-key';

interface Props {
  calculation: PayoutCalculation;
  /** From GET /payout-requests/check/pending-review: a request waiting for review blocks the form. */
  pending?: PayoutRequest | null;
  /** Reload the calculation and the history after a change. */
  onChanged: () => Promise<unknown> | void;
}

interface Values {
  amount: number | null;
  method?: PayoutMethod;
  note?: string;
}


/** The request form, or what blocks it (a pending request, too little available, no payout method). */
export function PayoutRequestForm({ calculation, pending, onChanged }: Props) {
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  // One key per attempt of the same submission; a success starts a new one.
  const [key, setKey] = useState(newIdempotencyKey);
  const { available, minimum, methods } = calculation;
  const pendingRequest = pending ?? calculation.pendingRequest;

  const submit = async (values: Values) => {
    setBusy(true);
    try {
      await createPayoutRequest({ amount: values.amount!, method: values.method!, ...(values.note?.trim() ? { note: values.note.trim() } : {}) }, key);
      toast.success(`Payout of ${formatTokens(values.amount!)} requested`);
      form.resetFields();
      setKey(newIdempotencyKey());
      await onChanged();
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const blocked = !calculation.canRequest || Boolean(pendingRequest);
  return (
    <>
      {pendingRequest ? (
        <Alert
          type="info"
          showIcon
          title={`Your request for ${formatTokens(pendingRequest.amount)} is waiting for review`}
          description="You can ask for another payout once this one is decided. Cancelling it (in the list below) returns the amount to your available earnings."
          style={{ marginBottom: 16 }}
        />
      ) : blocked && calculation.reason ? (
        <Alert type="warning" showIcon title={calculation.reason} style={{ marginBottom: 16 }} />
      ) : null}
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={submit}
        disabled={blocked || busy}
        initialValues={{ amount: null, method: methods[0] }}
        aria-label="Request a payout"
        style={{ maxWidth: 480 }}
      >
        <Form.Item
          name="amount"
          label="Amount (tokens)"
          extra={`Between ${formatTokens(minimum)} and ${formatTokens(available)}`}
          rules={[{ validator: async (_, value: number | null) => {
            const problem = payoutAmountProblem(value, { minimum, available });
            if (problem) throw new Error(problem);
          } }]}
        >
          <InputNumber<number> min={0} step={1} precision={undefined} style={{ width: '100%' }} placeholder={formatAmount(minimum)} aria-label="Amount" />
        </Form.Item>
        <Form.Item name="method" label="Payout method" rules={[{ required: true, message: 'Choose how you want to be paid' }]}>
          <Select aria-label="Payout method" options={methods.map((m) => ({ value: m, label: PAYOUT_METHOD_LABELS[m] }))} placeholder="Choose a method" />
        </Form.Item>
        <Form.Item name="note" label="Note for the team (optional)">
          <Input.TextArea maxLength={PAYOUT_NOTE_MAX} showCount autoSize={{ minRows: 2, maxRows: 6 }} aria-label="Note" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>Request payout</Button>
        {!methods.length ? (
          <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
            Add your bank account or PayPal address in <Typography.Link href="/creator/banking">Banking</Typography.Link> first.
          </Typography.Paragraph>
        ) : null}
      </Form>
    </>
  );
}
