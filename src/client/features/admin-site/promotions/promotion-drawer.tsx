import { useEffect, useState } from 'react';
import { Col, DatePicker, Form, Input, InputNumber, Progress, Row, Select, Switch, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { PROMO_LIMITS, PROMO_POSITIONS, type SitePromo } from '@/common/contract/site-promos';
import { ImageField } from '@/client/components/image-field';
import { FormDrawer } from '@/client/components/form-drawer';
import { createPromo, replacePromoImage, updatePromo } from './promotions.api';
import {
  changedPromoFields, emptyPromoValues, POSITION_LABELS, promoFieldsOf, promoRules, promoValuesOf, type PromoFormValues,
} from './promotion-values';

interface Props {
  /** The promotion being edited; null for a new one. */
  promo: SitePromo | null;
  open: boolean;
  onClose: () => void;
  /** After a save: the list reloads. */
  onSaved: () => Promise<unknown> | void;
}

/**
 * Create or edit a promotion. A new one is one multipart request (fields and banner); an edit
 * sends the changed fields, then the new banner if one was picked, so a field problem never
 * leaves a replaced image behind.
 */
export function PromotionDrawer({ promo, open, onClose, onSaved }: Props) {
  const [form] = Form.useForm<PromoFormValues>();
  const [progress, setProgress] = useState<number | null>(null);

  useEffect(() => {
    if (open) form.setFieldsValue(promo ? promoValuesOf(promo) : emptyPromoValues());
  }, [open, promo, form]);

  const save = async (values: PromoFormValues) => {
    try {
      if (!promo) {
        await createPromo(promoFieldsOf(values), values.image!, setProgress);
      } else {
        const changed = changedPromoFields(promo, values);
        if (Object.keys(changed).length) await updatePromo(promo._id, changed);
        if (values.image) await replacePromoImage(promo._id, values.image, setProgress);
      }
    } finally {
      setProgress(null);
    }
  };

  return (
    <FormDrawer<PromoFormValues>
      open={open}
      onClose={onClose}
      title={promo ? `Edit “${promo.title}”` : 'New promotion'}
      size="min(736px, 100vw)"
      submitText={promo ? 'Save changes' : 'Create promotion'}
      form={form}
      onSave={save}
      onSaved={onSaved}
    >
      {promo ? (
        <Form.Item label="Current banner">
          {/* plain <img>: an uploaded banner of any size */}
          <img src={promo.imageUrl} alt={promo.title} style={{ width: '100%', maxWidth: 480, borderRadius: 8, display: 'block' }} />
        </Form.Item>
      ) : null}
      <Form.Item
        label={promo ? 'Replace the banner (optional)' : 'Banner image'}
        name="image"
        rules={promo ? [] : [{ required: true, message: 'Choose a banner image' }]}
        extra="Wide pictures work best (about 3:1); it is re-encoded as a JPEG of at most 2048 px."
      >
        <ImageField hint="Drop the banner here or click to choose" />
      </Form.Item>
      {progress !== null ? <Progress percent={progress} size="small" aria-label="Upload progress" /> : null}
      <Form.Item label="Title" name="title" rules={promoRules.title}>
        <Input maxLength={PROMO_LIMITS.title} />
      </Form.Item>
      <Form.Item label="Description" name="description" rules={promoRules.description}>
        <Input.TextArea maxLength={PROMO_LIMITS.description} autoSize={{ minRows: 2, maxRows: 5 }} showCount />
      </Form.Item>
      <Form.Item label="Link" name="href" rules={promoRules.href} extra="A site path such as /creator, or a full http(s) address. Leave empty for no link.">
        <Input placeholder="/creator" inputMode="url" />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item label="Shown on" name="position" rules={[{ required: true, message: 'Choose where it is shown' }]}>
            <Select options={PROMO_POSITIONS.map((p) => ({ value: p, label: POSITION_LABELS[p] }))} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label="Order" name="ordering" extra="Smaller numbers come first." rules={[{ type: 'integer', min: 0, max: PROMO_LIMITS.ordering, message: `A whole number from 0 to ${PROMO_LIMITS.ordering}` }]}>
            <InputNumber style={{ width: '100%' }} precision={0} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label="Active" name="active" valuePropName="checked" extra="Switched off, it is hidden whatever its dates.">
        <Switch />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item label="Starts" name="startsAt" extra="Empty: from now.">
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            label="Ends"
            name="endsAt"
            extra="Empty: until switched off."
            dependencies={['startsAt']}
            rules={[({ getFieldValue }) => ({
              validator: async (_rule, value: Dayjs | null) => {
                const start = getFieldValue('startsAt') as Dayjs | null;
                if (value && start && !value.isAfter(start)) throw new Error('The end must be after the start');
              },
            })]}
          >
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      {promo ? <Typography.Text type="secondary">Changes show on the site at once.</Typography.Text> : null}
    </FormDrawer>
  );
}
