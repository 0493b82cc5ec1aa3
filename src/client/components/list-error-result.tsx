import { Button, Result } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { getErrorMessage } from '@/client/lib/error-message';
import { AntdScope } from '@/client/theme/antd-scope';

export interface ListErrorProps {
  error: unknown;
  onRetry: () => void;
  title?: string;
}

/**
 * antd's warning Result with the message of spec 8 and Try again (ListError loads it), in an antd
 * scope of its own for the pages drawn without antd.
 */
export default function ListErrorResult({ error, onRetry, title = 'We could not load this list' }: ListErrorProps) {
  return (
    <AntdScope>
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
    </AntdScope>
  );
}
