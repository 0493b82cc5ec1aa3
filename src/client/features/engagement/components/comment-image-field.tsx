import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Button, Progress, Typography, Upload } from 'antd';
import { CloseOutlined, ExclamationCircleOutlined, PictureOutlined } from '@ant-design/icons';
import { IMAGE_TYPES } from '@/client/components/image-field';
import { useMediaUpload, type UploadPhase } from '@/client/features/content/use-media-upload';
import { COMMENT_IMAGE_UPLOAD_URL } from '../engagement.api';
import styles from './comments.module.css';

/** The picked file's type, checked before anything is sent (the server judges the bytes again). */
export const imageTypeProblem = (file: File): string | null =>
  IMAGE_TYPES.includes(file.type) ? null : 'Please choose a JPEG, PNG, WebP or GIF image';

/** The "Image" button of a comment form: picks one file and hands it over (antd's own list unused). */
export function CommentImagePicker({ onPick, disabled }: { onPick: (file: File) => void; disabled?: boolean }) {
  return (
    <Upload
      accept={IMAGE_TYPES.join(',')}
      showUploadList={false}
      disabled={disabled}
      beforeUpload={(file) => {
        onPick(file);
        return Upload.LIST_IGNORE;
      }}
    >
      <Button type="text" icon={<PictureOutlined />} disabled={disabled} aria-label="Add an image">Image</Button>
    </Upload>
  );
}

/** A local preview of a picked file, revoked when the file changes or the form goes. */
export function useLocalPreview(file: File | null): string | null {
  // jsdom and old browsers have no object URLs: the tile then shows an icon.
  const url = useMemo(() => (file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => {
    if (url) URL.revokeObjectURL(url);
  }, [url]);
  return url;
}

interface TileProps {
  src: string | null;
  name: string;
  /** Progress, "Ready", or why it was refused. */
  status: ReactNode;
  onRemove: () => void;
  disabled?: boolean;
}

/** The image a comment form holds: a small square preview, its name and state, and a remove button. */
export function CommentImageTile({ src, name, status, onRemove, disabled }: TileProps) {
  return (
    <div className={styles.imageTile} role="group" aria-label={`Image ${name}`}>
      <div className={styles.imageTilePicture} aria-hidden>
        {src ? <img src={src} alt="" /> : <PictureOutlined />}
      </div>
      <div className={styles.imageTileText}>
        <Typography.Text ellipsis style={{ maxWidth: '100%', fontSize: 13 }}>{name}</Typography.Text>
        {status}
      </div>
      <Button type="text" size="small" icon={<CloseOutlined />} aria-label="Remove the image" onClick={onRemove} disabled={disabled} />
    </div>
  );
}

export const refusedStatus = (message: string) => (
  <Typography.Text type="danger" style={{ fontSize: 12 }}>
    <ExclamationCircleOutlined /> {message}
  </Typography.Text>
);

export const progressStatus = (percent: number, name: string) => (
  <Progress percent={percent} size="small" status="active" aria-label={`${name} upload progress`} />
);

export const readyStatus = <Typography.Text type="secondary" style={{ fontSize: 12 }}>Ready</Typography.Text>;

/** What an uploading image tells its form: the uploaded file's id once there, or why it failed. */
export interface UploadedImageState {
  phase: UploadPhase;
  fileId: string | null;
  error: string | null;
}

interface UploadingProps {
  file: File;
  onChange: (state: UploadedImageState) => void;
  onRemove: () => void;
  disabled?: boolean;
}

/**
 * A new comment's image: uploaded as soon as it is picked (POST /comments/images/upload, progress
 * in percent), so the comment itself is a quick JSON request with `fileId`. Mounted once per pick
 * (keyed): removing it unmounts the upload, whose late answer is then ignored.
 */
export function UploadingCommentImage({ file, onChange, onRemove, disabled }: UploadingProps) {
  const upload = useMediaUpload(COMMENT_IMAGE_UPLOAD_URL);
  const local = useLocalPreview(file);
  const started = useRef(false);

  useEffect(() => {
    // Strict mode runs effects twice; the file goes up once.
    if (started.current) return;
    started.current = true;
    void upload.start(file);
    // Only when the tile first appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const uploading = upload.phase === 'uploading' || (upload.phase === 'idle' && !upload.error);
  const phase: UploadPhase = upload.error ? 'failed' : uploading ? 'uploading' : upload.phase;
  const fileId = upload.file?._id ?? null;
  useEffect(() => {
    onChange({ phase, fileId, error: upload.error });
    // onChange is the form's setter; the upload's state is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [phase, fileId, upload.error]);

  let status;
  if (upload.error) status = refusedStatus(upload.error);
  else if (uploading) status = progressStatus(upload.percent, file.name);
  else status = readyStatus;
  return <CommentImageTile src={upload.file?.thumbnails[0] ?? local} name={file.name} status={status} onRemove={onRemove} disabled={disabled} />;
}
