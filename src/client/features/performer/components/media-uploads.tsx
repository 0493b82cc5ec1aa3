import { useState } from 'react';
import { Avatar, Button, Card, Flex, Popconfirm } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import type { PerformerAccount } from '@/common/contract/performers';
import { IMAGE_TYPES, imageProblem } from '@/client/components/image-field';
import { getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { AVATAR_PLACEHOLDER, COVER_PLACEHOLDER } from '@/client/features/user/default-user';
import { removeWelcomeVideo, uploadAvatar, uploadCover, uploadWelcomeVideo } from '../performer.api';
import { MediaUploadField } from './media-upload-field';
import styles from './performer-account.module.css';

export const VIDEO_TYPES = ['video/mp4', 'video/webm', 'video/quicktime'];

export function videoProblem(file: File): string | null {
  return VIDEO_TYPES.includes(file.type) ? null : 'Please choose an MP4, WebM or QuickTime (MOV) video';
}

interface Props {
  account: PerformerAccount;
  onUploaded: (account: PerformerAccount) => void;
}

/** Images & video tab: avatar, cover and welcome video, each uploaded on pick with progress. */
export function MediaUploads({ account, onUploaded }: Props) {
  const [removing, setRemoving] = useState(false);

  const remove = async () => {
    setRemoving(true);
    try {
      onUploaded((await removeWelcomeVideo()).data);
      toast.success('Welcome video removed');
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setRemoving(false);
    }
  };

  const imageHint = 'JPEG, PNG, WebP or GIF, up to 10 MB.';
  return (
    <Flex vertical gap={16}>
      <Card size="small" title="Avatar">
        <MediaUploadField
          label="Avatar"
          accept={IMAGE_TYPES.join(',')}
          hint={`${imageHint} Shown round.`}
          buttonText="Change avatar"
          preview={<Avatar src={account.avatar || AVATAR_PLACEHOLDER} alt="Your avatar" size={88} />}
          check={imageProblem}
          send={uploadAvatar}
          onUploaded={onUploaded}
        />
      </Card>
      <Card size="small" title="Cover image">
        <MediaUploadField
          label="Cover image"
          accept={IMAGE_TYPES.join(',')}
          hint={`${imageHint} Wide images (about 3:1) look best.`}
          buttonText="Change cover"
          preview={
            <div
              className={styles.coverPreview}
              style={{ backgroundImage: `url("${encodeURI(account.cover || COVER_PLACEHOLDER)}")` }}
              role="img"
              aria-label="Your cover image"
            />
          }
          check={imageProblem}
          send={uploadCover}
          onUploaded={onUploaded}
        />
      </Card>
      <Card size="small" title="Welcome video">
        <MediaUploadField
          label="Welcome video"
          accept={VIDEO_TYPES.join(',')}
          hint="MP4, WebM or MOV. A short hello shown on your page."
          buttonText={account.welcomeVideo ? 'Replace video' : 'Upload video'}
          preview={
            account.welcomeVideo ? (
              <video className={styles.videoPreview} src={account.welcomeVideo} controls preload="metadata" aria-label="Your welcome video">
                <track kind="captions" />
              </video>
            ) : null
          }
          check={videoProblem}
          send={uploadWelcomeVideo}
          onUploaded={onUploaded}
          extra={
            account.welcomeVideo ? (
              <Popconfirm title="Remove the welcome video?" okText="Remove" okButtonProps={{ danger: true }} onConfirm={remove}>
                <Button danger icon={<DeleteOutlined />} loading={removing}>
                  Remove
                </Button>
              </Popconfirm>
            ) : null
          }
        />
      </Card>
    </Flex>
  );
}
