import { useState } from 'react';
import { Button, Flex, Form, Input, Modal } from 'antd';
import { ADDRESS_LIMITS, type Address, type AddressBody } from '@/common/contract/addresses';
import { CountrySelect } from '@/client/components/country-select';
import { CHANGES_SAVED, getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { createAddress, updateAddress } from '../addresses.api';

type Values = Required<AddressBody>;

const required = (message: string) => [{ required: true, whitespace: true, message }];
const PHONE = /^\+?[0-9 ().-]{3,30}$/;

/**
 * Add or edit a delivery address. Name, country, city and street are required (the server checks
 * the same and answers field details, which are shown on the fields).
 */
export function AddressForm({ address, onSaved, onCancel }: { address?: Address | null; onSaved: (a: Address) => void; onCancel?: () => void }) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  const submit = async (values: Values) => {
    setSaving(true);
    try {
      const res = address ? await updateAddress(address._id, values) : await createAddress(values);
      toast.success(CHANGES_SAVED);
      onSaved(res.data);
    } catch (err) {
      const details = (err as { details?: { field: string; message: string }[] } | null)?.details;
      if (details?.length) form.setFields(details.map((d) => ({ name: d.field as keyof Values, errors: [d.message] })));
      toast.error(getErrorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark
      onFinish={submit}
      initialValues={address ?? { name: '', country: undefined, state: '', city: '', streetAddress: '', postalCode: '', phone: '', description: '' }}
    >
      <Form.Item name="name" label="Recipient name" rules={required('Please enter the recipient\'s name')}>
        <Input maxLength={ADDRESS_LIMITS.name} autoComplete="name" />
      </Form.Item>
      <Form.Item name="country" label="Country" rules={[{ required: true, message: 'Please choose a country' }]}>
        <CountrySelect aria-label="Country" placeholder="Choose a country" />
      </Form.Item>
      <Flex gap={12} wrap>
        <Form.Item name="state" label="State / region" style={{ flex: 1, minWidth: 160 }}>
          <Input maxLength={ADDRESS_LIMITS.state} autoComplete="address-level1" />
        </Form.Item>
        <Form.Item name="city" label="City" rules={required('Please enter a city')} style={{ flex: 1, minWidth: 160 }}>
          <Input maxLength={ADDRESS_LIMITS.city} autoComplete="address-level2" />
        </Form.Item>
      </Flex>
      <Form.Item name="streetAddress" label="Street address" rules={required('Please enter a street address')}>
        <Input maxLength={ADDRESS_LIMITS.streetAddress} autoComplete="street-address" />
      </Form.Item>
      <Flex gap={12} wrap>
        <Form.Item name="postalCode" label="Postal code" style={{ flex: 1, minWidth: 140 }}>
          <Input maxLength={ADDRESS_LIMITS.postalCode} autoComplete="postal-code" />
        </Form.Item>
        <Form.Item
          name="phone"
          label="Phone"
          style={{ flex: 1, minWidth: 160 }}
          rules={[{ pattern: PHONE, message: 'Phone may contain digits, spaces, brackets, dots, dashes and a leading +' }]}
        >
          <Input maxLength={ADDRESS_LIMITS.phone} autoComplete="tel" />
        </Form.Item>
      </Flex>
      <Form.Item name="description" label="Delivery notes">
        <Input.TextArea maxLength={ADDRESS_LIMITS.description} rows={2} placeholder="Floor, door code, when you are home" />
      </Form.Item>
      <Flex gap={8} justify="flex-end">
        {onCancel ? <Button onClick={onCancel}>Cancel</Button> : null}
        <Button type="primary" htmlType="submit" loading={saving}>
          {address ? 'Save address' : 'Add address'}
        </Button>
      </Flex>
    </Form>
  );
}

/** The form in a modal: "Add an address" from the buy box or the addresses page, or editing one. */
export interface AddressModalProps {
  open: boolean;
  address?: Address | null;
  onClose: () => void;
  onSaved: (a: Address) => void;
}

export function AddressModal({ open, address, onClose, onSaved }: AddressModalProps) {
  return (
    <Modal open={open} title={address ? 'Edit address' : 'Add an address'} onCancel={onClose} footer={null} destroyOnHidden>
      <AddressForm address={address} onCancel={onClose} onSaved={onSaved} />
    </Modal>
  );
}
