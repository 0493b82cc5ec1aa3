import { useState } from 'react';
import { Avatar, Button, Flex, Progress, Typography, Upload } from 'antd';
import { CameraOutlined } from '@ant-design/icons';
import { IMAGE_TYPES, imageProblem } from '@/client/components/image-field';
import { getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { uploadAvatar } from '../user.api';
import { setCurrentUser } from '../user.slice';

/** Picks and uploads a new avatar at once, with a progress bar; the store gets the new user. */
export function AvatarUpload() {
  const dispatch = useAppDispatch();
  const user = useAppSelector((s) => s.user.current);
  const [progress, setProgress] = useState<number | null>(null);

  const send = async (file: File) => {
    setProgress(0);
    try {
      const res = await uploadAvatar(file, setProgress);
      dispatch(setCurrentUser(res.data));
      toast.success('Avatar updated');
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setProgress(null);
    }
  };

  const uploading = progress !== null;
  return (
    <Flex gap={20} align="center" wrap>
      <Avatar src={user.avatar} alt={`${user.name}'s avatar`} size={88} />
      <Flex vertical gap={8} style={{ flex: 1, minWidth: 180 }}>
        <Upload
          accept={IMAGE_TYPES.join(',')}
          showUploadList={false}
          disabled={uploading}
          beforeUpload={(file) => {
            const problem = imageProblem(file);
            if (problem) toast.error(problem);
            else void send(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<CameraOutlined />} loading={uploading} disabled={uploading} data-testid="avatar-upload">
            {uploading ? 'Uploading…' : 'Change avatar'}
          </Button>
        </Upload>
        {uploading ? (
          <Progress percent={progress} size="small" status="active" aria-label="Avatar upload progress" />
        ) : (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            JPEG, PNG, WebP or GIF, up to 10 MB.
          </Typography.Text>
        )}
      </Flex>
    </Flex>
  );
}
