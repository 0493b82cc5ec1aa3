import { useState } from 'react';
import { useRouter } from 'next/router';
import { Button, Card, Flex, Form, Input, InputNumber, Progress, Radio, Select, Typography } from 'antd';
import {
  PRODUCT_DESCRIPTION_MAX, PRODUCT_IMAGES_MAX, PRODUCT_NAME_MAX, PRODUCT_STOCK_MAX, type OwnProduct,
} from '@/common/contract/products';
import { CHANGES_SAVED } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { showFormErrors } from '@/client/features/performer/show-form-errors';
import { createProduct, updateProduct, type ProductFormFields } from '../products.api';
import { DigitalFileField } from './digital-file-field';
import { ImagesField, type ImageItem } from './images-field';
import { formatCount } from '@/client/lib/format-amount';

interface Values {
  name: string;
  description: string;
  type: 'physical' | 'digital';
  price: number | null;
  stock: number | null;
  status: 'active' | 'draft';
  /** Named as the server's file fields, so its `details` land under them. */
  image: ImageItem[];
  digitalFile: File | null;
}

function initialValues(product?: OwnProduct): Values {
  if (!product) return { name: '', description: '', type: 'physical', price: null, stock: null, status: 'active', image: [], digitalFile: null };
  return {
    name: product.name,
    description: product.description,
    type: product.type,
    price: product.price,
    stock: product.stock,
    status: product.status,
    image: product.images.map((i) => ({ kind: 'existing', id: i._id, url: i.thumbnails[0] ?? i.url ?? '', name: i.name })),
    digitalFile: null,
  };
}

/** The server names kept pictures `imageIds.N`; the form shows those problems under the pictures. */
function withFormFields(err: unknown): unknown {
  const details = (err as { details?: { field: string; message: string }[] } | null)?.details;
  if (!Array.isArray(details)) return err;
  return { ...(err as object), details: details.map((d) => (d.field.startsWith('imageIds') ? { ...d, field: 'image' } : d)) };
}

/**
 * Create or edit a product: name, description, physical (stock) or digital (the file buyers
 * download), price, pictures and status. Everything goes in one request with upload progress;
 * field problems from the server land under their fields (spec 8 message otherwise).
 */
export function ProductForm({ product }: { product?: OwnProduct }) {
  const router = useRouter();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  /** Percent of the files sent; null when the request carries no files. */
  const [percent, setPercent] = useState<number | null>(null);
  const type = Form.useWatch('type', form) ?? product?.type ?? 'physical';
  const hasCurrentFile = Boolean(product?.digitalFile) && product?.type === 'digital';

  const submit = async (values: Values) => {
    const fields: ProductFormFields = {
      name: values.name.trim(),
      description: values.description ?? '',
      type: values.type,
      price: values.price!,
      status: values.status,
      ...(values.type === 'physical' ? { stock: values.stock! } : {}),
    };
    const images = values.image.filter((i): i is Extract<ImageItem, { kind: 'new' }> => i.kind === 'new').map((i) => i.file);
    const files = { images, digitalFile: values.type === 'digital' ? values.digitalFile : null };
    const sending = images.length > 0 || Boolean(files.digitalFile);
    setSaving(true);
    setPercent(sending ? 0 : null);
    try {
      if (product) {
        const imageIds = values.image.flatMap((i) => (i.kind === 'existing' ? [i.id] : []));
        await updateProduct(product._id, { ...fields, imageIds }, files, setPercent);
      } else {
        await createProduct(fields, files, setPercent);
      }
      toast.success(CHANGES_SAVED);
      await router.push('/creator/my-store');
    } catch (err) {
      showFormErrors(form, withFormFields(err));
    } finally {
      setSaving(false);
      setPercent(null);
    }
  };

  const busy = saving;
  return (
    <Card>
      <Form<Values> form={form} layout="vertical" initialValues={initialValues(product)} onFinish={submit} disabled={busy} requiredMark="optional">
        <Form.Item name="name" label="Name" rules={[{ required: true, whitespace: true, message: 'Please enter a name' }]}>
          <Input maxLength={PRODUCT_NAME_MAX} showCount placeholder="Signed poster" />
        </Form.Item>
        <Form.Item name="description" label="Description">
          <Input.TextArea maxLength={PRODUCT_DESCRIPTION_MAX} showCount rows={4} placeholder="What buyers get" />
        </Form.Item>
        <Form.Item name="type" label="Type" extra={type === 'digital' ? 'Buyers download a file.' : 'You ship it to the buyer.'}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={[{ value: 'physical', label: 'Physical' }, { value: 'digital', label: 'Digital' }]}
          />
        </Form.Item>
        {type === 'physical' ? (
          <Form.Item
            name="stock"
            label="Stock"
            rules={[
              { required: true, message: 'Please enter how many you have' },
              { type: 'integer', min: 0, max: PRODUCT_STOCK_MAX, message: `Stock must be a whole number from 0 to ${formatCount(PRODUCT_STOCK_MAX)}` },
            ]}
          >
            {/* No min/max on the input: antd would change the number silently; the rule says why instead. */}
            <InputNumber precision={0} style={{ width: 160 }} placeholder="10" />
          </Form.Item>
        ) : (
          <Form.Item
            name="digitalFile"
            label="File for buyers"
            extra="PDF, ZIP, EPUB, picture, audio or video. Audio and video are processed after upload."
            rules={[{ validator: async (_, file: File | null) => { if (!file && !hasCurrentFile) throw new Error('Please choose the file buyers download'); } }]}
          >
            <DigitalFileField current={product?.type === 'digital' ? product.digitalFile : null} disabled={busy} />
          </Form.Item>
        )}
        <Form.Item
          name="price"
          label="Price (tokens)"
          rules={[{ required: true, message: 'Please enter a price' }, { type: 'number', min: 0.01, message: 'The price must be above zero' }]}
        >
          <InputNumber precision={2} step={1} style={{ width: 160 }} placeholder="9.99" />
        </Form.Item>
        <Form.Item
          name="image"
          label="Pictures"
          rules={[{
            validator: async (_, items: ImageItem[] = []) => {
              if (!items.length) throw new Error('Please add at least one picture');
              if (items.length > PRODUCT_IMAGES_MAX) throw new Error(`A product can have at most ${PRODUCT_IMAGES_MAX} pictures`);
            },
          }]}
        >
          <ImagesField disabled={busy} />
        </Form.Item>
        <Form.Item name="status" label="Status">
          <Select style={{ width: 200 }} options={[{ value: 'active', label: 'Published' }, { value: 'draft', label: 'Draft (only you)' }]} />
        </Form.Item>
        {percent !== null ? (
          <Flex vertical gap={4} style={{ marginBottom: 16 }}>
            <Typography.Text type="secondary">Uploading…</Typography.Text>
            <Progress percent={percent ?? 0} aria-label="Upload progress" />
          </Flex>
        ) : null}
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={busy}>
            {product ? 'Save changes' : 'Add to store'}
          </Button>
          <Button onClick={() => void router.push('/creator/my-store')} disabled={busy}>
            Cancel
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
