import { Button, Result } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { getErrorMessage } from '@/client/lib/error-message';

export interface ListErrorProps {
  error: unknown;
  onRetry: () => void;
  title?: string;
}

/** antd's warning Result with the message of spec 8 and Try again (ListError loads it). */
export default function ListErrorResult({ error, onRetry, title = 'We could not load this list' }: ListErrorProps) {
  return (
    <Result
      status="warning"
      title={title}
      subTitle={getErrorMessage(error)}
      extra={
        <Button type="primary" icon={<ReloadOutlined />} onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}
