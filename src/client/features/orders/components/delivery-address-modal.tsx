import { useState } from 'react';
import { Button, Flex, Modal, Select, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { Order } from '@/common/contract/orders';
import { AddressModal } from '@/client/features/addresses/components/address-form';
import { addressLine } from '@/client/features/addresses/format-address';
import { useAddresses } from '@/client/features/addresses/use-addresses';

/** The buyer picks another of their addresses for a processing order (or adds one). */
export function DeliveryAddressModal({ order, onClose, onSave }: { order: Order | null; onClose: () => void; onSave: (addressId: string) => Promise<void> }) {
  const addresses = useAddresses(order !== null);
  const [addressId, setAddressId] = useState<string | undefined>();
  const [adding, setAdding] = useState(false);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    if (!addressId) return;
    setSaving(true);
    try {
      await onSave(addressId);
      setAddressId(undefined);
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <Modal
        open={order !== null}
        title="Change the delivery address"
        okText="Save"
        okButtonProps={{ loading: saving, disabled: !addressId }}
        onOk={save}
        onCancel={onClose}
        destroyOnHidden
      >
        <Flex vertical gap={8}>
          {order?.deliveryAddress ? <Typography.Text type="secondary">Now: {addressLine(order.deliveryAddress)}</Typography.Text> : null}
          <Select
            aria-label="New delivery address"
            placeholder="Choose an address"
            loading={!addresses.data && !addresses.error}
            value={addressId}
            onChange={setAddressId}
            options={(addresses.data?.data.data ?? []).map((a) => ({ value: a._id, label: addressLine(a) }))}
          />
          <Button icon={<PlusOutlined />} onClick={() => setAdding(true)} style={{ alignSelf: 'flex-start' }}>Add an address</Button>
        </Flex>
      </Modal>
      <AddressModal
        open={adding}
        onClose={() => setAdding(false)}
        onSaved={(a) => {
          setAdding(false);
          setAddressId(a._id);
          void addresses.mutate();
        }}
      />
    </>
  );
}
