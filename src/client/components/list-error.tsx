import { Button, Result } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { getErrorMessage } from '@/client/lib/error-message';

interface Props {
  error: unknown;
  onRetry: () => void;
  title?: string;
}

/** A list that failed to load: the message of spec 8 and a way to try again. */
export function ListError({ error, onRetry, title = 'We could not load this list' }: Props) {
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
