import { DatePicker, Form, InputNumber, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { AccessLevel } from '@/common/contract/content';
import { ACCESS_OPTIONS } from '../access-options';


/** Form values of the shared access part; `publishAt` is a dayjs for the picker. */
export interface AccessFormValues {
  access: AccessLevel;
  price?: number | null;
  status: 'active' | 'draft';
  publishAt?: Dayjs | null;
}

export const ACCESS_DEFAULTS: AccessFormValues = { access: 'free', price: null, status: 'active', publishAt: null };

/** The request fields of the shared access part (contract AccessInput). */
export function accessPayload(values: AccessFormValues) {
  return {
    access: values.access,
    ...(values.access === 'sale' ? { price: values.price ?? undefined } : {}),
    status: values.status,
    publishAt: values.publishAt ? values.publishAt.toISOString() : null,
  };
}

/** Form values from an item's answer, for editing. */
export function accessValuesOf(item: { access: AccessLevel; price: number; status: 'active' | 'draft'; publishAt: string; isScheduled: boolean }): AccessFormValues {
  return {
    access: item.access,
    price: item.access === 'sale' ? item.price : null,
    status: item.status,
    publishAt: item.isScheduled ? dayjs(item.publishAt) : null,
  };
}

/**
 * Who may open the item, its price when for sale, draft or published, and an optional future
 * publish time. Price bounds are the site's and checked by the server (its 422 names them).
 */
export function AccessFields() {
  return (
    <>
      <Form.Item name="access" label="Who can see it" rules={[{ required: true }]}>
        <Radio.Group optionType="button" buttonStyle="solid" options={ACCESS_OPTIONS.map(({ value, label }) => ({ value, label }))} />
      </Form.Item>
      <Form.Item noStyle dependencies={['access']}>
        {({ getFieldValue }) => {
          const access = getFieldValue('access') as AccessLevel;
          return (
            <>
              <Form.Item noStyle>
                <div style={{ marginTop: -16, marginBottom: 16, opacity: 0.65, fontSize: 13 }}>
                  {ACCESS_OPTIONS.find((o) => o.value === access)?.help}
                </div>
              </Form.Item>
              {access === 'sale' ? (
                <Form.Item
                  name="price"
                  label="Price (tokens)"
                  rules={[{ required: true, message: 'Please enter a price' }, { type: 'number', min: 0.01, message: 'The price must be above zero' }]}
                >
                  <InputNumber precision={2} step={1} style={{ width: 160 }} placeholder="9.99" />
                </Form.Item>
              ) : null}
            </>
          );
        }}
      </Form.Item>
      <Form.Item name="status" label="Status">
        <Select
          style={{ width: 200 }}
          options={[{ value: 'active', label: 'Published' }, { value: 'draft', label: 'Draft (only you)' }]}
        />
      </Form.Item>
      <Form.Item
        name="publishAt"
        label="Schedule"
        extra="Leave empty to publish now."
        rules={[{ validator: async (_, v: Dayjs | null) => { if (v && v.isBefore(dayjs())) throw new Error('Pick a time in the future'); } }]}
      >
        <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" disabledDate={(d) => d.isBefore(dayjs(), 'day')} />
      </Form.Item>
    </>
  );
}
