import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import {
  GALLERY_DESCRIPTION_MAX, GALLERY_TITLE_MAX, type CreateGalleryBody, type Gallery,
} from '@/common/contract/galleries';
import { CHANGES_SAVED } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { showServerErrors } from '@/client/components/server-errors';
import {
  AccessFields, accessPayload, accessValuesOf, ACCESS_DEFAULTS, type AccessFormValues,
} from '@/client/features/content/components/access-fields';

export interface GalleryFormValues extends AccessFormValues {
  title: string;
  description: string;
}

export const GALLERY_FORM_DEFAULTS: GalleryFormValues = { ...ACCESS_DEFAULTS, title: '', description: '' };

export const galleryValuesOf = (g: Gallery): GalleryFormValues => ({ ...accessValuesOf(g), title: g.title, description: g.description });

export function galleryPayload(values: GalleryFormValues): CreateGalleryBody {
  return { title: values.title.trim(), description: (values.description ?? '').trim(), ...accessPayload(values) };
}

export interface GalleryFormProps {
  initialValues?: GalleryFormValues;
  submitText: string;
  /** Sends the payload; resolves with the saved gallery. */
  onSubmit: (body: CreateGalleryBody) => Promise<Gallery>;
  onSaved: (gallery: Gallery) => void;
}

/**
 * Title, description (plain text) and the shared access part. The server's field problems go
 * under their fields; anything else is toasted (spec 8); success says 'Changes saved'.
 */
export function GalleryForm({ initialValues = GALLERY_FORM_DEFAULTS, submitText, onSubmit, onSaved }: GalleryFormProps) {
  const [form] = Form.useForm<GalleryFormValues>();
  const [saving, setSaving] = useState(false);

  const finish = async (values: GalleryFormValues) => {
    setSaving(true);
    try {
      const saved = await onSubmit(galleryPayload(values));
      toast.success(CHANGES_SAVED);
      onSaved(saved);
    } catch (err) {
      showServerErrors(form, err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} layout="vertical" initialValues={initialValues} onFinish={finish} requiredMark="optional" aria-label="Gallery details">
      <Form.Item
        name="title"
        label="Title"
        rules={[
          { required: true, whitespace: true, message: 'Please enter a title' },
          { max: GALLERY_TITLE_MAX, message: `At most ${GALLERY_TITLE_MAX} characters` },
        ]}
      >
        <Input maxLength={GALLERY_TITLE_MAX} showCount placeholder="Summer shoot" />
      </Form.Item>
      <Form.Item name="description" label="Description" rules={[{ max: GALLERY_DESCRIPTION_MAX, message: `At most ${GALLERY_DESCRIPTION_MAX} characters` }]}>
        <Input.TextArea maxLength={GALLERY_DESCRIPTION_MAX} showCount autoSize={{ minRows: 3, maxRows: 8 }} placeholder="What is in this set?" />
      </Form.Item>
      <AccessFields />
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" loading={saving}>
          {submitText}
        </Button>
      </Form.Item>
    </Form>
  );
}
