import { useEffect, useMemo } from 'react';
import { Button, Flex, Typography, Upload } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { PRODUCT_IMAGES_MAX } from '@/common/contract/products';
import { IMAGE_TYPES } from '@/client/components/image-field';
import { toast } from '@/client/lib/toast';

/** A picture of the form: one the product already has (kept by id) or a new file sent with the form. */
export type ImageItem = { kind: 'existing'; id: string; url: string; name: string } | { kind: 'new'; key: string; file: File };

interface ImagesFieldProps {
  value?: ImageItem[];
  onChange?: (items: ImageItem[]) => void;
  disabled?: boolean;
  id?: string;
}

let counter = 0;
const keyOf = (item: ImageItem) => (item.kind === 'existing' ? item.id : item.key);

/**
 * The product's pictures: current ones first, new ones after (the server keeps that order), each
 * with a preview and a remove button; at most PRODUCT_IMAGES_MAX. Files are sent with the form,
 * never uploaded on their own. A controlled Form.Item child (value/onChange).
 */
export function ImagesField({ value = [], onChange, disabled, id }: ImagesFieldProps) {
  const previews = useMemo(
    () => new Map(value.filter((i) => i.kind === 'new').map((i) => [i.key, URL.createObjectURL((i as { file: File }).file)])),
    [value],
  );
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);

  const ordered = [...value.filter((i) => i.kind === 'existing'), ...value.filter((i) => i.kind === 'new')];
  const remove = (item: ImageItem) => onChange?.(ordered.filter((i) => keyOf(i) !== keyOf(item)));
  const full = ordered.length >= PRODUCT_IMAGES_MAX;

  return (
    <Flex vertical gap={8}>
      <Flex gap={8} wrap role="list" aria-label="Pictures">
        {ordered.map((item, index) => {
          const src = item.kind === 'existing' ? item.url : previews.get(item.key);
          const name = item.kind === 'existing' ? item.name : item.file.name;
          return (
            <div key={keyOf(item)} role="listitem" style={{ position: 'relative', width: 104 }}>
              <img
                src={src}
                alt={`Picture ${index + 1}: ${name}`}
                width={104}
                height={104}
                style={{ objectFit: 'cover', borderRadius: 8, border: '1px solid var(--app-border)', display: 'block' }}
              />
              {index === 0 ? (
                <Typography.Text style={{ position: 'absolute', left: 6, top: 6, fontSize: 11, background: 'rgba(0,0,0,0.6)', color: '#fff', padding: '0 6px', borderRadius: 4 }}>
                  Main
                </Typography.Text>
              ) : null}
              <Button
                size="small"
                shape="circle"
                danger
                icon={<DeleteOutlined />}
                onClick={() => remove(item)}
                disabled={disabled}
                aria-label={`Remove ${name}`}
                style={{ position: 'absolute', right: 4, top: 4 }}
              />
            </div>
          );
        })}
        {full ? null : (
          <Upload
            id={id}
            accept={IMAGE_TYPES.join(',')}
            multiple
            showUploadList={false}
            disabled={disabled}
            beforeUpload={(file, batch) => {
              // antd calls this once per file of a batch: take the whole batch on its first file.
              if (file !== batch[0]) return Upload.LIST_IGNORE;
              const good = batch.filter((f) => IMAGE_TYPES.includes(f.type));
              if (good.length < batch.length) toast.error('Please choose JPEG, PNG, WebP or GIF images');
              const room = PRODUCT_IMAGES_MAX - ordered.length;
              if (good.length > room) toast.error(`A product can have at most ${PRODUCT_IMAGES_MAX} images`);
              const added = good.slice(0, room).map((f): ImageItem => ({ kind: 'new', key: `new-${(counter += 1)}`, file: f }));
              if (added.length) onChange?.([...ordered, ...added]);
              return Upload.LIST_IGNORE;
            }}
          >
            <button
              type="button"
              disabled={disabled}
              style={{
                width: 104, height: 104, borderRadius: 8, border: '1px dashed var(--app-border)', background: 'transparent',
                color: 'inherit', cursor: disabled ? 'not-allowed' : 'pointer', display: 'flex', flexDirection: 'column',
                alignItems: 'center', justifyContent: 'center', gap: 4,
              }}
            >
              <PlusOutlined />
              <span>Add pictures</span>
            </button>
          </Upload>
        )}
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        {ordered.length}/{PRODUCT_IMAGES_MAX} pictures. The first one is shown in lists; new pictures go after the current ones.
      </Typography.Text>
    </Flex>
  );
}
