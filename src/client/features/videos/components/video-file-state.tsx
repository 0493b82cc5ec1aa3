import { Space, Spin, Tag, Tooltip, Typography } from 'antd';
import { CheckCircleOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import type { MediaFileStatus } from '@/common/contract/media';

/** A video file's processing state, in words: spinner while processing, the reason when it failed. */
export function VideoFileState({ status, withReason }: { status: Pick<MediaFileStatus, 'status' | 'failureReason'> | null; withReason?: boolean }) {
  if (!status) return <Tag color="red">File missing: upload a new one</Tag>;
  if (status.status === 'pending' || status.status === 'processing') {
    return (
      <Space size={6} role="status">
        <Spin size="small" />
        <Typography.Text type="secondary">Processing…</Typography.Text>
      </Space>
    );
  }
  if (status.status === 'failed') {
    const reason = status.failureReason || 'This video could not be processed.';
    return withReason ? (
      <Typography.Text type="danger" role="alert">
        <ExclamationCircleOutlined aria-hidden /> {reason}
      </Typography.Text>
    ) : (
      <Tooltip title={reason}>
        <Tag color="red" icon={<ExclamationCircleOutlined />}>Failed</Tag>
      </Tooltip>
    );
  }
  return <Tag color="green" icon={<CheckCircleOutlined />}>Ready</Tag>;
}
