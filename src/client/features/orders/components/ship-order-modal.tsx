import { useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { TRACKING_CODE_MAX, type Order } from '@/common/contract/orders';

/** Asks the seller for the tracking code before an order is marked shipped. */
export function ShipOrderModal({ order, onClose, onShip }: { order: Order | null; onClose: () => void; onShip: (trackingCode: string) => Promise<void> }) {
  const [form] = Form.useForm<{ trackingCode: string }>();
  const [saving, setSaving] = useState(false);
  const submit = async ({ trackingCode }: { trackingCode: string }) => {
    setSaving(true);
    try {
      await onShip(trackingCode.trim());
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={order !== null}
      title={order ? `Ship order ${order.orderNumber}` : ''}
      okText="Mark shipped"
      okButtonProps={{ loading: saving }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit} preserve={false}>
        <Form.Item name="trackingCode" label="Tracking code" rules={[{ required: true, whitespace: true, message: 'Please enter a tracking code' }]}>
          <Input maxLength={TRACKING_CODE_MAX} autoFocus placeholder="As the carrier gave it" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
