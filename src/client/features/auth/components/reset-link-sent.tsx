import Link from 'next/link';
import { Button, Result } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { AntdScope } from '@/client/theme/antd-scope';

/** After asking for a reset link: drawn with antd in its own scope, loaded only then (the form is drawn without antd). */
export function ResetLinkSent({ message }: { message: string }) {
  return (
    <AntdScope>
      <Result
        icon={<MailOutlined style={{ color: '#42b1e8' }} />}
        title="Check your email"
        subTitle={message}
        extra={
          <Link href="/auth/login">
            <Button type="primary">Back to sign in</Button>
          </Link>
        }
      />
    </AntdScope>
  );
}
