import { useState } from 'react';
import { useRouter } from 'next/router';
import { Button, Card, Flex, Popconfirm, Skeleton, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, DeleteOutlined, EyeOutlined } from '@ant-design/icons';
import { NotFound } from '@/client/components/not-found';
import { PageTitle } from '@/client/components/page-title';
import { getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { LinkButton } from '@/client/components/link-button';
import { ListError } from '@/client/components/list-error';
import { deleteGallery, updateGallery } from '../galleries.api';
import { accessLabel, photoCount, statusLabel } from '../gallery-format';
import { useMyGallery } from '../use-my-gallery';
import { GalleryForm, galleryValuesOf } from './gallery-form';
import { MyPhotoGrid } from './my-photo-grid';
import { PhotoUploader } from './photo-uploader';
import styles from './my-gallery.module.css';

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** /creator/my-gallery/{id}: add photos (many at once), arrange them, pick the cover, edit the details, delete. */
export function ManageGalleryPage() {
  const router = useRouter();
  const id = first(router.query.id) ?? null;
  const { gallery, error, reload } = useMyGallery(id);
  const [deleting, setDeleting] = useState(false);

  if (error && !gallery) {
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 404 || status === 400) return <NotFound title="Gallery not found" text="This gallery does not exist or is not yours." />;
    return <ListError error={error} onRetry={() => void reload()} title="We could not load this gallery" />;
  }
  if (!gallery) {
    return (
      <div className={`app-container ${styles.page}`} aria-busy="true">
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  }

  const remove = async () => {
    setDeleting(true);
    try {
      await deleteGallery(gallery._id);
      toast.success('Gallery deleted');
      await router.push('/creator/my-gallery');
    } catch (err) {
      toast.error(getErrorMessage(err));
      setDeleting(false);
    }
  };
  const status = statusLabel(gallery);

  return (
    <div className={`app-container ${styles.page}`}>
      <PageTitle title={`Edit ${gallery.title}`} />
      <div>
        <LinkButton href="/creator/my-gallery" type="link" icon={<ArrowLeftOutlined />} style={{ paddingInline: 0 }}>
          My galleries
        </LinkButton>
      </div>
      <div className={styles.toolbar}>
        <Flex vertical gap={4} style={{ minWidth: 0 }}>
          <Typography.Title level={2} style={{ margin: 0, overflowWrap: 'anywhere' }}>{gallery.title}</Typography.Title>
          <Flex wrap gap={4}>
            <Tag color={status.color}>{status.text}</Tag>
            <Tag>{accessLabel(gallery)}</Tag>
            <Tag>{photoCount(gallery.totalPhotos)}</Tag>
          </Flex>
        </Flex>
        <Flex gap={8} wrap>
          <LinkButton href={`/gallery/${gallery._id}`} icon={<EyeOutlined />}>View as fans see it</LinkButton>
          <Popconfirm
            title="Delete this gallery?"
            description="Its photos, likes and comments are deleted too."
            okText="Delete"
            okButtonProps={{ danger: true }}
            onConfirm={remove}
          >
            <Button danger icon={<DeleteOutlined />} loading={deleting}>Delete gallery</Button>
          </Popconfirm>
        </Flex>
      </div>
      <div className={styles.layout}>
        <Card title="Photos">
          <Flex vertical gap={16}>
            <PhotoUploader galleryId={gallery._id} onUploaded={() => void reload()} />
            <MyPhotoGrid gallery={gallery} onChanged={reload} />
          </Flex>
        </Card>
        <Card title="Details">
          <GalleryForm
            // Not keyed on updatedAt: photo uploads touch the gallery and must not wipe edits in progress.
            key={gallery._id}
            initialValues={galleryValuesOf(gallery)}
            submitText="Save changes"
            onSubmit={async (body) => (await updateGallery(gallery._id, body)).data}
            onSaved={() => void reload()}
          />
        </Card>
      </div>
    </div>
  );
}
