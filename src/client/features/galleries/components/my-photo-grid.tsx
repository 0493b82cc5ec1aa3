import { useState } from 'react';
import { Button, Empty, Image, Popconfirm, Tag, Tooltip, Typography } from 'antd';
import { ArrowLeftOutlined, ArrowRightOutlined, DeleteOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { PHOTO_TITLE_MAX, type GalleryDetail, type GalleryPhoto } from '@/common/contract/galleries';
import { FALLBACK_THUMBNAIL } from '@/common/lib/thumbnail';
import { CHANGES_SAVED, getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { deletePhoto, setGalleryCover, updatePhoto } from '../galleries.api';
import styles from './my-gallery.module.css';

export interface MyPhotoGridProps {
  gallery: GalleryDetail;
  /** After any change: reload the gallery. */
  onChanged: () => Promise<unknown> | void;
}

type Busy = 'cover' | 'delete' | 'left' | 'right' | 'rename' | null;

/** One photo with the creator's actions: rename, move earlier/later, make cover, delete (confirmed). */
function PhotoTile({ photo, index, count, isCover, onChanged }: { photo: GalleryPhoto; index: number; count: number; isCover: boolean; onChanged: MyPhotoGridProps['onChanged'] }) {
  const [busy, setBusy] = useState<Busy>(null);
  const label = photo.title || `Photo ${index + 1}`;

  const run = async (what: Exclude<Busy, null>, action: () => Promise<unknown>, success: string) => {
    setBusy(what);
    try {
      await action();
      toast.success(success);
      await onChanged();
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setBusy(null);
    }
  };
  const rename = (title: string) => {
    if (title.trim() === photo.title) return;
    void run('rename', () => updatePhoto(photo._id, { title: title.trim() }), CHANGES_SAVED);
  };

  return (
    <li className={styles.tile} aria-label={label}>
      <div className={styles.tilePicture}>
        <Image src={photo.file.thumbnails[0] || photo.file.url || FALLBACK_THUMBNAIL} alt={label} preview={photo.file.url ? { src: photo.file.url } : false} />
        {isCover ? <Tag color="blue" className={styles.coverTag}>Cover</Tag> : null}
      </div>
      <Typography.Text
        className={styles.tileTitle}
        type={photo.title ? undefined : 'secondary'}
        editable={{ onChange: rename, maxLength: PHOTO_TITLE_MAX, tooltip: 'Rename', triggerType: ['icon', 'text'], text: photo.title }}
      >
        {photo.title || 'Untitled'}
      </Typography.Text>
      <div className={styles.tileActions}>
        <Tooltip title="Move earlier">
          <Button size="small" icon={<ArrowLeftOutlined />} aria-label={`Move ${label} earlier`} disabled={index === 0} loading={busy === 'left'}
            onClick={() => run('left', () => updatePhoto(photo._id, { position: index - 1 }), CHANGES_SAVED)} />
        </Tooltip>
        <Tooltip title="Move later">
          <Button size="small" icon={<ArrowRightOutlined />} aria-label={`Move ${label} later`} disabled={index === count - 1} loading={busy === 'right'}
            onClick={() => run('right', () => updatePhoto(photo._id, { position: index + 1 }), CHANGES_SAVED)} />
        </Tooltip>
        <Tooltip title={isCover ? 'This is the cover' : 'Make this the cover'}>
          <Button size="small" icon={isCover ? <StarFilled /> : <StarOutlined />} aria-label={`Make ${label} the cover`} disabled={isCover} loading={busy === 'cover'}
            onClick={() => run('cover', () => setGalleryCover(photo._id), 'Cover set')} />
        </Tooltip>
        <Popconfirm
          title="Delete this photo?"
          description="It is removed from the gallery for good."
          okText="Delete"
          okButtonProps={{ danger: true }}
          onConfirm={() => run('delete', () => deletePhoto(photo._id), 'Photo deleted')}
        >
          <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Delete ${label}`} loading={busy === 'delete'} />
        </Popconfirm>
      </div>
    </li>
  );
}

/** The creator's photos in gallery order. */
export function MyPhotoGrid({ gallery, onChanged }: MyPhotoGridProps) {
  if (!gallery.photos.length) return <Empty description="No photos yet: add some above" />;
  const coverFileId = gallery.cover?._id;
  return (
    <Image.PreviewGroup>
      <ul className={styles.tiles} aria-label="Photos in this gallery">
        {gallery.photos.map((photo, index) => (
          <PhotoTile
            key={photo._id}
            photo={photo}
            index={index}
            count={gallery.photos.length}
            isCover={photo.file._id === coverFileId}
            onChanged={onChanged}
          />
        ))}
      </ul>
    </Image.PreviewGroup>
  );
}
