import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Flex, Progress, Typography, Upload } from 'antd';
import type { UploadProps } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, CloseOutlined, InboxOutlined } from '@ant-design/icons';
import type { GalleryPhoto } from '@/common/contract/galleries';
import { getErrorMessage } from '@/client/lib/error-message';
import { uploadGalleryPhoto } from '../galleries.api';

type ItemStatus = 'uploading' | 'done' | 'error';

interface UploadItem {
  uid: string;
  name: string;
  percent: number;
  status: ItemStatus;
  error?: string;
}

export interface PhotoUploaderProps {
  galleryId: string;
  /** Called once per photo the server stored. */
  onUploaded: (photo: GalleryPhoto) => void;
}

export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';

/**
 * Many photos at once (pick or drop): each file is its own upload with its own progress bar, so
 * one refused file (wrong kind, too large) does not stop the others; its reason stays in the list.
 */
export function PhotoUploader({ galleryId, onUploaded }: PhotoUploaderProps) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const controllers = useRef(new Map<string, AbortController>());

  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((c) => c.abort());
  }, []);

  const update = useCallback((uid: string, patch: Partial<UploadItem>) => {
    setItems((list) => list.map((item) => (item.uid === uid ? { ...item, ...patch } : item)));
  }, []);

  // Each picked file starts its own upload() here rather than through antd's request pipeline,
  // which would re-wrap the File; the original goes out as picked, with its own progress.
  const start = (picked: File & { uid: string }) => {
    const controller = new AbortController();
    controllers.current.set(picked.uid, controller);
    setItems((list) => [...list, { uid: picked.uid, name: picked.name, percent: 0, status: 'uploading' }]);
    uploadGalleryPhoto(galleryId, picked, (percent) => update(picked.uid, { percent }), controller.signal)
      .then((res) => {
        update(picked.uid, { status: 'done', percent: 100 });
        onUploaded(res.data);
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        update(picked.uid, { status: 'error', error: getErrorMessage(err) });
      })
      .finally(() => controllers.current.delete(picked.uid));
  };
  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    start(file);
    return Upload.LIST_IGNORE;
  };

  const cancel = (uid: string) => {
    controllers.current.get(uid)?.abort();
    setItems((list) => list.filter((item) => item.uid !== uid));
  };
  const clearFinished = () => setItems((list) => list.filter((item) => item.status === 'uploading'));
  const uploading = items.filter((i) => i.status === 'uploading').length;

  return (
    <Flex vertical gap={12}>
      <Upload.Dragger multiple accept={PHOTO_ACCEPT} showUploadList={false} beforeUpload={beforeUpload} aria-label="Add photos">
        <p className="ant-upload-drag-icon"><InboxOutlined /></p>
        <p className="ant-upload-text">Click or drop photos here</p>
        <p className="ant-upload-hint">JPEG, PNG, WebP or GIF. Several at once is fine; each one is added at the end.</p>
      </Upload.Dragger>
      {items.length ? (
        <Flex vertical gap={8} role="list" aria-label="Uploads">
          {items.map((item) => (
            <div key={item.uid} role="listitem">
              <Flex align="center" justify="space-between" gap={8}>
                <Typography.Text ellipsis style={{ minWidth: 0 }}>
                  {item.status === 'done' ? <CheckCircleFilled style={{ color: '#52c41a' }} aria-label="Uploaded" /> : null}
                  {item.status === 'error' ? <CloseCircleFilled style={{ color: '#ff4d4f' }} aria-label="Failed" /> : null} {item.name}
                </Typography.Text>
                {item.status === 'uploading' ? (
                  <Button size="small" type="text" icon={<CloseOutlined />} aria-label={`Cancel ${item.name}`} onClick={() => cancel(item.uid)} />
                ) : null}
              </Flex>
              {item.status === 'error' ? (
                <Typography.Text type="danger" style={{ fontSize: 13 }}>{item.error}</Typography.Text>
              ) : (
                <Progress percent={item.percent} size="small" status={item.status === 'done' ? 'success' : 'active'} aria-label={`${item.name} upload progress`} />
              )}
            </div>
          ))}
          <Flex justify="space-between" align="center">
            <Typography.Text type="secondary">{uploading ? `Uploading ${uploading}…` : 'All uploads finished'}</Typography.Text>
            {items.length > uploading ? <Button size="small" onClick={clearFinished}>Clear finished</Button> : null}
          </Flex>
        </Flex>
      ) : null}
    </Flex>
  );
}
