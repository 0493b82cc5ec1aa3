import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { StopOutlined } from '@ant-design/icons';
import { getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { blockUser } from '../blocking.api';
import { FanPicker } from './fan-picker';

interface Values {
  userId?: string;
  reason?: string;
}

/** The 'Add' box of the blacklist: pick a fan, say why (optional), block. */
export function BlockUserForm({ onBlocked }: { onBlocked: () => void }) {
  const [form] = Form.useForm<Values>();
  const [pending, setPending] = useState(false);

  const submit = async ({ userId, reason }: Values) => {
    if (!userId) return;
    setPending(true);
    try {
      await blockUser(userId, reason?.trim() || undefined);
      toast.success('Fan blocked');
      form.resetFields();
      onBlocked();
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setPending(false);
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
      <Form.Item label="Fan" name="userId" rules={[{ required: true, message: 'Choose someone to block' }]}>
        <FanPicker />
      </Form.Item>
      <Form.Item label="Reason (optional, only you see it)" name="reason">
        <Input.TextArea rows={2} maxLength={500} showCount placeholder="Why are you blocking them?" />
      </Form.Item>
      <Button type="primary" danger htmlType="submit" icon={<StopOutlined />} loading={pending}>
        Block
      </Button>
    </Form>
  );
}
