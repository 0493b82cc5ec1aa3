import { useRouter } from 'next/router';
import { Card, Flex, Typography } from 'antd';
import { VideoForm } from './video-form';

/** /creator/my-video/upload: the form; once uploaded, the edit page follows the processing. */
export function UploadVideoPage() {
  const router = useRouter();
  return (
    <Flex vertical gap={16} style={{ maxWidth: 760 }}>
      <div>
        <Typography.Title level={2} style={{ margin: 0 }}>
          Upload a video
        </Typography.Title>
        <Typography.Text type="secondary">After the upload the video is converted for playback; fans see it once it is ready.</Typography.Text>
      </div>
      <Card>
        <VideoForm onSaved={(video) => void router.push(`/creator/my-video/${video._id}/edit`)} />
      </Card>
    </Flex>
  );
}
